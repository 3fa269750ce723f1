import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

/** Home templates the public site knows (spec §2.1); the field stays free text as the spec says. */
export const SECTION_TEMPLATES = ['default', 'about_us', '_goals_obj', '_microfinance', '_activities', '_news'] as const;
/** Templates of a page's sections beyond the home's: `form` draws the section's chosen form (issue 60). */
export const PAGE_SECTION_TEMPLATES = ['form'] as const;

export const sections = defineEntity({
  resource: 'sections',
  adminPath: 'section',
  title: 'Sections',
  formTitle: 'Section',
  public: {
    list: { size: LIMITS.maxPageSize, filters: ['is_top'] },
    embeds: [{ name: 'widgets', entity: 'widgets', by: 'section_id' }],
  },
  labelField: 'title',
  pageSizes: [20, 30, 50, 100],
  order: [
    { field: 'sort_order', dir: 'asc' },
    { field: 'id', dir: 'asc' },
  ],
  fields: {
    page_id: f.relation('Page', 'pages', 'title'),
    name: f.text('Name', { searchable: true }),
    title: f.text('Title', { localized: true, searchable: true }),
    sub_title: f.text('Sub Title', { localized: true, searchable: true }),
    link_url: f.url('Link URL'),
    content: f.html('Content', { localized: true }),
    thumb: f.image('Thumb'),
    background_img: f.image('Background Image', { pickerLabel: 'Select Background' }),
    sort_order: f.number('Sort Order', { min: 0, default: 0 }),
    is_top: f.select('Is Top', {
      default: 0,
      choices: [
        { value: 1, label: '1 (show on home)' },
        { value: 0, label: '0 (not on home)' },
      ],
    }),
    status: f.status(),
    template: f.text('Template', {
      hint: 'default, custom etc.',
      max: 64,
      choices: [...SECTION_TEMPLATES, ...PAGE_SECTION_TEMPLATES].map((t) => ({ value: t, label: t })),
    }),
    form_id: f.relation('Form', 'forms', 'title', { hint: 'The form a section with the template form shows on its page' }),
  },
  columns: [
    { label: 'Name', field: 'name', truncate: LIMITS.truncate.adminSection, empty: '--' },
    { label: 'Title', field: 'title', truncate: LIMITS.truncate.adminSection, empty: '--' },
    { label: 'Page', field: 'page_id', empty: '--' },
    { label: 'Order', field: 'sort_order', empty: '--' },
    { label: 'Is Top', field: 'is_top', empty: '--' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
