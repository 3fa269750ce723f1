import { defineEntity, f } from './define';
import { LOCALE_LIST } from '../locales';

/**
 * The tenant itself: one row per site. Admin screens call it "App Setting". The words visitors
 * read in the header and footer (name, tagline title, description, address, copyright) are
 * written per language, as a page's are (docs/localisation.md).
 */
export const applications = defineEntity({
  resource: 'applications',
  admin: { group: 'Site' },
  sites: true,
  hooks: 'site-locales',
  adminPath: 'app-setting',
  title: 'App Settings',
  formTitle: 'App Setting',
  tenant: false,
  labelField: 'name',
  fields: {
    app_key: f.text('App Key', {
      required: true,
      unique: true,
      fixed: true,
      max: 64,
      searchable: true,
      pattern: { regex: /^[A-Za-z0-9_-]{3,64}$/, message: 'App Key may use letters, digits, - and _ (3 to 64)' },
    }),
    user_id: f.number('User Id', { readOnly: true }),
    name: f.text('Name', { required: true, searchable: true, localized: true }),
    title: f.text('Title', { searchable: true, localized: true }),
    description: f.textarea('Description', { rows: 3, localized: true }),
    logo_header: f.image('Header Logo', { pickerLabel: 'Select Logo' }),
    logo_footer: f.image('Footer Logo', { pickerLabel: 'Select Logo' }),
    icon: f.image('Icon', { pickerLabel: 'Select Icon' }),
    email: f.email('Email'),
    phone: f.text('Phone', { max: 64 }),
    address: f.textarea('Address', { rows: 2, localized: true }),
    web_url: f.url('Web URL'),
    map_html: f.textarea('Map HTML', { rows: 4, hint: 'Embed code of a Google Maps iframe' }),
    copyright: f.text('Copyright', { localized: true }),
    status: f.status(),
    locales: f.text('Languages', {
      default: 'en',
      max: 200,
      hint: 'The languages the site is written in, as BCP 47 tags separated by commas, the default first: en,bn',
      pattern: { regex: LOCALE_LIST, message: 'Languages are BCP 47 tags separated by commas, like en,bn' },
    }),
    default_locale: f.text('Default language', { readOnly: true }),
    meta_title: f.text('Meta Title'),
    meta_description: f.textarea('Meta Description', { rows: 2 }),
    meta_keywords: f.text('Meta Keywords', { max: 1000 }),
    meta_schema: f.textarea('Meta Schema', { rows: 4, hint: 'JSON-LD' }),
    og_title: f.text('OG Title'),
    og_description: f.textarea('OG Description', { rows: 2 }),
    og_image: f.image('OG Image'),
    og_url: f.url('OG URL'),
    facebook_pixels_id: f.text('Facebook Pixels Id', { max: 64 }),
    google_analytics_id: f.text('Google Analytics Id', { max: 64 }),
    google_tag_manager_id: f.text('Google Tag Manager Id', { max: 64 }),
    google_site_verification: f.text('Google Site Verification'),
    /** The site's own visitor counts (issue #62): no cookie, no third party. */
    analytics: f.number('Visitor Analytics', {
      min: 0,
      max: 1,
      default: 1,
      toggle: { on: 'On', off: 'Off' },
      hint: 'Counts page views and how fast pages load, without cookies or third parties; visitors who ask not to be tracked are not counted',
    }),
    /** Whose pages, posts and slides an editor must pass before they are public (issue #61). */
    review: f.select('Review before publishing', {
      choices: [
        { value: 'nobody', label: 'Nobody' },
        { value: 'authors', label: 'Authors' },
        { value: 'everyone', label: 'Everyone' },
      ],
      default: 'nobody',
      hint: 'Whose pages, posts and slides an editor or admin must approve before they are public',
    }),
    /** A site with a single editor: that editor may approve what they submitted themselves. */
    review_self_approval: f.number('Self-approval', {
      min: 0,
      max: 1,
      default: 0,
      toggle: { on: 'Allowed', off: 'Not allowed' },
      hint: 'For a site with a single editor: they may approve what they submitted themselves',
    }),
  },
  columns: [
    { label: 'App Key', field: 'app_key' },
    { label: 'Name', field: 'name' },
    { label: 'Title', field: 'title', empty: '--' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
