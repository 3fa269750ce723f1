/**
 * Who the demo organisation is: the site info (application row) and the facts its copy repeats.
 * The summary claims are spec §2.1's home-page figures, kept in one place so the home sections,
 * the about page and the unit test all quote the same words.
 */
import type { DemoContent } from '../types';

export const ORG = {
  name: 'Meridian Systems & Microfinance',
  short: 'Meridian',
  founded: 2002,
  email: 'info@example.org',
  phone: '+880 2 5504 1200',
  address: 'House 42, Road 11, Banani, Dhaka 1213, Bangladesh',
  web: 'https://www.example.org',
} as const;

/** Spec §2.1's summary claims, word for word as they appear in the home copy. */
export const SUMMARY_CLAIMS = [
  '22 years of service',
  '426 data management centers',
  '4000+ branches',
  '70 institutions',
  '1300+ IT professionals',
  '7000 trained youths',
  '30 hardware staff',
  '5000 branches of 135 institutions',
] as const;

const MAP_HTML =
  '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d3650.9060203837!2d90.4012!3d23.7937!2m3!1f0!2f0!3f0!3m2!1i1024!2i768!4f13.1!3m3!1m2!1s0x3755c7a0f70deb73%3A0x30c36498f90fe23!2sBanani%2C%20Dhaka!5e0!3m2!1sen!2sbd!4v1700000000000!5m2!1sen!2sbd" width="600" height="450" style="border:0;" loading="lazy" referrerpolicy="no-referrer-when-downgrade" title="Our office on the map"></iframe>';

const SCHEMA = JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: ORG.name,
  url: ORG.web,
  logo: `${ORG.web}/uploads/logo.webp`,
  email: ORG.email,
  telephone: ORG.phone,
  foundingDate: String(ORG.founded),
  address: {
    '@type': 'PostalAddress',
    streetAddress: 'House 42, Road 11, Banani',
    addressLocality: 'Dhaka',
    postalCode: '1213',
    addressCountry: 'BD',
  },
});

export const application: DemoContent['application'] = {
  name: ORG.name,
  title: 'Technology that brings banking to every village',
  description:
    'Meridian Systems & Microfinance builds micro-banking software, implements it for microfinance institutions, trains young IT professionals and keeps branch hardware and networks running across Bangladesh.',
  logo_header: '/uploads/logo.webp',
  logo_footer: '/uploads/logo-light.webp',
  icon: '/uploads/icon.webp',
  email: ORG.email,
  phone: ORG.phone,
  address: ORG.address,
  web_url: ORG.web,
  map_html: MAP_HTML,
  copyright: `© 2024 ${ORG.name}. All rights reserved.`,
  status: 1,
  // English first (the default), then Bangla: the site's members and staff read both.
  locales: 'en,bn',
  meta_title: `${ORG.name} | Micro-banking software, IT training and network services`,
  meta_description:
    'Micro-banking software, implementation, IT training, hardware support and network services for microfinance institutions in Bangladesh since 2002.',
  meta_keywords:
    'microfinance software, micro-banking, core banking for MFIs, IT training Bangladesh, hardware support, network infrastructure, data management centre',
  meta_schema: SCHEMA,
  og_title: ORG.name,
  og_description: 'Software, training and infrastructure that help microfinance institutions serve millions of families.',
  og_image: '/uploads/og-image.webp',
  og_url: ORG.web,
  facebook_pixels_id: null,
  google_analytics_id: null,
  google_tag_manager_id: null,
  google_site_verification: null,
};
