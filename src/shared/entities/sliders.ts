import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

export const sliders = defineEntity({
  resource: 'sliders',
  adminPath: 'slider',
  title: 'Sliders',
  formTitle: 'Slider',
  public: { list: { size: LIMITS.maxPageSize }, path: '/', preview: 'list' },
  labelField: 'title',
  publishedFrom: 'publish_at',
  review: true,
  fields: {
    title: f.text('Title', { localized: true, searchable: true }),
    sub_title: f.text('Sub Title', { localized: true, searchable: true }),
    link_url: f.url('Link URL'),
    description: f.textarea('Description', { localized: true, rows: 3 }),
    status: f.status(),
    publish_at: f.publishAt(),
    review_stage: f.reviewStage(),
    thumb: f.image('Thumb'),
  },
  columns: [
    { label: 'Thumb', field: 'thumb', format: 'image' },
    { label: 'Title', field: 'title', truncate: LIMITS.truncate.cardShort, empty: '--' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
