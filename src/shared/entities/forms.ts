import { defineEntity, f } from './define';

/**
 * Forms staff build (issue 60): a title and intro in each of the site's languages, the fields in
 * order (a JSON list, src/shared/built-forms.ts, checked by the server's `forms` hooks), where the
 * entries are mailed, when the form is open, and how long its entries are kept. A `form` section
 * puts one on a page; visitors' answers are `form-entries`.
 */
export const forms = defineEntity({
  resource: 'forms',
  adminPath: 'forms',
  title: 'Forms',
  formTitle: 'Form',
  // Readable by visitors and headless clients with their fields; the notify addresses are staff's.
  public: { list: { size: 10 }, detail: true },
  labelField: 'title',
  hooks: 'forms',
  order: [{ field: 'id', dir: 'desc' }],
  slug: { field: 'slug', from: 'title' },
  fields: {
    title: f.text('Title', { localized: true, required: true, searchable: true }),
    slug: f.text('Slug', { localized: true, searchable: true, unique: true, hint: 'Left empty, it is made from the title' }),
    intro: f.textarea('Intro', { localized: true, rows: 3, max: 5_000 }),
    fields: f.textarea('Fields', {
      editor: 'form-fields',
      max: 200_000,
      default: '[]',
      hint: 'The questions, in order: each with its kind, label and hint in English and Bangla, required or not, and its limits',
    }),
    sent_text: f.textarea('Confirmation', {
      localized: true,
      rows: 2,
      max: 2_000,
      hint: 'What a visitor reads once their entry is stored',
    }),
    notify_emails: f.text('Notify addresses', {
      max: 2_000,
      staffOnly: true,
      hint: 'Each entry is mailed to these addresses (separated by commas), when the server sends mail',
    }),
    open_from: f.datetime('Open from', { hint: 'Left empty, it takes entries from when it is active' }),
    open_to: f.datetime('Open until', { hint: 'Left empty, it takes entries until it is switched off' }),
    max_entries: f.number('Maximum entries', { min: 1, hint: 'Left empty, there is no limit' }),
    retention_days: f.number('Keep entries (days)', {
      min: 1,
      max: 3650,
      default: 365,
      hint: 'Entries older than this are erased by the hourly upkeep',
    }),
    status: f.status(),
  },
  columns: [
    { label: 'Title', field: 'title' },
    { label: 'Slug', field: 'slug' },
    { label: 'Open until', field: 'open_to', format: 'datetime', empty: '--' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
