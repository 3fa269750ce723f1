/**
 * The demo site seeded on the first start of an empty database: a technology and microfinance
 * organisation with every kind of content the public site and the admin show. The copy lives in
 * ./copy by topic; images are files of ./images, referenced as /uploads/<file> (regenerate them
 * with `node scripts/make-demo-images.mjs`).
 */
import { categories } from './copy/news';
import { homeSections, sliders } from './copy/home';
import { gallery, socials } from './copy/media';
import { menus } from './copy/menus';
import { application } from './copy/organisation';
import { aboutPages } from './copy/pages-about';
import { loanPages, projectPages, savingsPages } from './copy/pages-programmes';
import { servicePages } from './copy/pages-services';
import { sitePages } from './copy/pages-site';
import { careers, faqs, profiles } from './copy/people';
import type { DemoContent } from './types';
import { bangla } from './copy/bangla';

export const demoContent: DemoContent = {
  application,
  homeSections,
  pages: [...aboutPages, ...servicePages, ...loanPages, ...savingsPages, ...projectPages, ...sitePages],
  sliders,
  categories,
  menus,
  gallery,
  socials,
  faqs,
  careers,
  profiles,
  translations: [bangla],
};
