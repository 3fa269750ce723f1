import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

export const faqs = defineEntity({
  resource: 'faqs',
  adminPath: 'faq',
  title: 'FAQs',
  formTitle: 'FAQ',
  public: { list: { size: LIMITS.maxPageSize } },
  labelField: 'faq_title',
  pageSizes: [20, 40, 75, 100],
  fields: {
    faq_title: f.text('Title', { localized: true, required: true, searchable: true }),
    faq_content: f.html('Content', { localized: true }),
    thumb: f.image('Thumb'),
    status: f.status(),
  },
  columns: [
    { label: 'Title', field: 'faq_title' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
