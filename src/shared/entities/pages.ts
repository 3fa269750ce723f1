import { defineEntity, f } from './define';
import { RESERVED_SEGMENTS } from '../address-space';

export const PAGE_TEMPLATES = ['default', 'publications', 'programs', 'annual_reports', 'program'] as const;

export const pages = defineEntity({
  resource: 'pages',
  adminPath: 'page',
  title: 'Pages',
  formTitle: 'Page',
  public: {
    detail: true,
    embeds: [{ name: 'sections', entity: 'sections', by: 'page_id' }],
    path: '/:slug',
    sitemap: true,
    preview: 'detail',
    search: { title: 'title', text: ['sub_title', 'content'] },
  },
  labelField: 'title',
  publishedFrom: 'publish_at',
  review: true,
  pageSizes: [20, 40, 75, 100],
  // A page lives at /{slug}: the paths the site itself answers cannot be page slugs.
  slug: {
    field: 'slug',
    from: 'title',
    reserved: RESERVED_SEGMENTS,
  },
  fields: {
    name: f.text('Name', { searchable: true }),
    title: f.text('Title', { localized: true, required: true, searchable: true }),
    sub_title: f.text('Sub Title', { localized: true, searchable: true }),
    slug: f.text('Slug', { localized: true, searchable: true, unique: true, hint: 'Left empty, it is made from the title' }),
    description: f.textarea('Description', { localized: true, rows: 3 }),
    content: f.html('Content', { localized: true }),
    page_template: f.text('Page Template', { choices: PAGE_TEMPLATES.map((t) => ({ value: t, label: t })) }),
    thumb: f.image('Thumb'),
    banner_img: f.image('Banner Image', { pickerLabel: 'Select Banner' }),
    tags: f.text('Tags'),
    meta_key: f.text('Meta Keywords', { localized: true }),
    meta_description: f.textarea('Meta Description', { localized: true, rows: 2 }),
    status: f.status(),
    publish_at: f.publishAt(),
    review_stage: f.reviewStage(),
  },
  columns: [
    { label: 'Name', field: 'name', empty: '--' },
    { label: 'Title', field: 'title' },
    { label: 'Url/Slug', field: 'slug', format: 'brackets' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
