/** Archive, footer and utility pages: gallery, career, reports, news and the legal pages. */
import { card, page, sections } from './build';

export const sitePages = [
  page({
    slug: 'gallery',
    title: 'Gallery',
    sub_title: 'Moments from our work across Bangladesh',
    description: 'Photos and videos from our trainings, branch launches, field visits and events.',
    thumb: '/uploads/gallery-1.webp',
    content:
      '<p>Photos and videos from trainings, branch launches, field visits and events. Switch between images and videos with the buttons below.</p>',
  }),
  page({
    slug: 'career',
    title: 'Career',
    sub_title: 'Build technology that changes lives',
    description: 'Open positions at Meridian Systems & Microfinance and how to apply.',
    thumb: '/uploads/gallery-9.webp',
    banner_img: '/uploads/slider-3.webp',
    content:
      '<p>We are always looking for engineers, trainers, field officers and support staff who want their work to matter. Our people enjoy ten days of training every year, health cover for their families and clear paths to grow.</p>' +
      '<h2>How to apply</h2><p>Choose an opening below and send your CV and a short cover letter to <a href="mailto:careers@example.org">careers@example.org</a> with the position title in the subject line. We reply to every application within three weeks.</p>',
  }),
  page(
    {
      slug: 'annual-reports',
      title: 'Annual Reports',
      sub_title: 'Our results and audited accounts, year by year',
      description: 'Annual reports and audited financial statements of Meridian Systems & Microfinance.',
      thumb: '/uploads/thumb-analytics.webp',
      page_template: 'annual_reports',
      content:
        '<p>Each annual report sets out what we achieved, what we learned and how we used our funds, together with the audited financial statements. Printed copies are available from our head office.</p>',
    },
    sections([
      {
        name: 'annual-reports-list',
        title: 'Reports',
        sub_title: 'The last four years',
        content: '<p>Select a year to read the summary.</p>',
        widgets: [
          card(
            'Annual Report 2024',
            '22 years of service',
            '<p>CoreMF 5 launched, mobile agent banking piloted and 1,100 young people trained.</p>',
            '/uploads/post-1.webp',
            '/publications',
          ),
          card(
            'Annual Report 2023',
            'Growing beyond 4000 branches',
            '<p>CoreMF passed 4000 branches and two new hardware hubs opened.</p>',
            '/uploads/post-6.webp',
            '/publications',
          ),
          card(
            'Annual Report 2022',
            'Recovery and resilience',
            '<p>Flood response, rescheduled loans and a new disaster recovery site.</p>',
            '/uploads/post-3.webp',
            '/publications',
          ),
          card(
            'Annual Report 2021',
            'Working through the pandemic',
            '<p>Remote implementation, contactless collection and online training.</p>',
            '/uploads/post-2.webp',
            '/publications',
          ),
        ],
      },
    ]),
  ),
  page({
    slug: 'publications',
    title: 'Publications',
    sub_title: 'Research, guides and case studies',
    description: 'Research papers, practical guides and case studies published by Meridian.',
    thumb: '/uploads/section-news.webp',
    page_template: 'publications',
    content:
      '<p>We share what we learn so that the whole sector benefits.</p><ul><li><strong>Going digital:</strong> a practical guide to branch digitisation for small MFIs (2024)</li><li><strong>Offline first:</strong> lessons from ten years of field collection apps (2023)</li><li><strong>Connecting the haor:</strong> case study of radio links for remote branches (2022)</li><li><strong>Youth to professional:</strong> tracer study of our training graduates (2021)</li></ul>',
  }),
  page({
    slug: 'press-releases',
    title: 'Press Releases',
    sub_title: 'Official announcements',
    description: 'Official announcements and statements from Meridian Systems & Microfinance.',
    thumb: '/uploads/post-6.webp',
    page_template: 'publications',
    content:
      '<p>Official announcements from Meridian Systems &amp; Microfinance. For media enquiries please write to <a href="mailto:media@example.org">media@example.org</a>.</p><p>Recent releases are listed in the news section under Press Releases.</p>',
  }),
  page({
    slug: 'notices',
    title: 'Notices',
    sub_title: 'Tenders, holidays and service announcements',
    description: 'Tender notices, holiday schedules and planned service windows.',
    thumb: '/uploads/section-news.webp',
    content:
      '<ul><li><strong>Planned maintenance:</strong> CoreMF hosted services will be upgraded on Friday between 1 am and 5 am.</li><li><strong>Tender:</strong> supply of 400 uninterruptible power supplies for branch offices; bids close at the end of the month.</li><li><strong>Holiday schedule:</strong> branches close for public holidays; the help desk stays open.</li></ul>',
  }),
  page({
    slug: 'news',
    title: 'News & Updates',
    sub_title: 'Stories from our teams and partners',
    description: 'News, events and press releases from Meridian Systems & Microfinance.',
    thumb: '/uploads/section-news.webp',
    content: '<p>Product releases, events, project updates and press releases from across the organisation.</p>',
  }),
  page({
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    sub_title: 'How we collect, use and protect personal information',
    description: 'How Meridian Systems & Microfinance collects, uses and protects personal information.',
    thumb: '/uploads/thumb-security.webp',
    content:
      '<p>This policy explains how Meridian Systems &amp; Microfinance handles personal information collected through this website and in the course of our services.</p>' +
      '<h2>Information we collect</h2><ul><li>Details you send us through the contact form or the newsletter box, such as your name and email address</li><li>Information needed to provide microfinance services, such as identity documents and transaction records</li><li>Technical data such as your browser type and the pages you visit, used only in aggregate</li></ul>' +
      '<h2>How we use it</h2><p>We use personal information to answer enquiries, send the newsletter you asked for, provide and improve our services and meet legal obligations. We never sell personal information.</p>' +
      '<h2>How we protect it</h2><p>Data is stored in our data management centres with encryption, access controls and daily backups. Staff receive regular training in data protection.</p>' +
      '<h2>Your rights</h2><p>You may ask to see, correct or delete the personal information we hold about you, and you can unsubscribe from the newsletter at any time. Write to <a href="mailto:privacy@example.org">privacy@example.org</a>.</p>',
  }),
  page({
    slug: 'terms-and-conditions',
    title: 'Terms & Conditions',
    sub_title: 'The terms for using this website',
    description: 'Terms and conditions for using the Meridian Systems & Microfinance website.',
    thumb: '/uploads/thumb-implementation.webp',
    content:
      '<p>By using this website you agree to these terms. If you do not agree, please do not use the site.</p>' +
      '<h2>Use of content</h2><p>The text, images and logos on this site belong to Meridian Systems &amp; Microfinance unless stated otherwise. You may share pages for non-commercial purposes with a link to the source.</p>' +
      '<h2>Accuracy</h2><p>We take care to keep information current, but product terms and rates may change. The terms in your signed agreement always apply.</p>' +
      '<h2>Links</h2><p>We are not responsible for the content of external websites linked from this site.</p>' +
      '<h2>Changes</h2><p>We may update these terms from time to time. The version published here applies.</p>',
  }),
];
