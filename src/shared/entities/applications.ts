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
  },
  columns: [
    { label: 'App Key', field: 'app_key' },
    { label: 'Name', field: 'name' },
    { label: 'Title', field: 'title', empty: '--' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
