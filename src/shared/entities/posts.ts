import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

export const posts = defineEntity({
  resource: 'posts',
  adminPath: 'post',
  title: 'Posts',
  formTitle: 'Post',
  // The news page's category filter (/news?category=<id>) reads the list by category_id.
  public: {
    list: { size: 10, filters: ['category_id'] },
    detail: true,
    path: '/news/:slug',
    sitemap: true,
    preview: 'detail',
    search: { title: 'title', text: ['sub_title', 'content'] },
  },
  labelField: 'title',
  publishedFrom: 'publish_at',
  review: true,
  order: [
    { field: 'created_at', dir: 'desc' },
    { field: 'id', dir: 'desc' },
  ],
  slug: { field: 'slug', from: 'title' },
  fields: {
    title: f.text('Title', { localized: true, required: true, searchable: true }),
    sub_title: f.text('Sub Title', { localized: true, searchable: true }),
    slug: f.text('Slug', { localized: true, searchable: true, unique: true, hint: 'Left empty, it is made from the title' }),
    category_id: f.relation('Category', 'post-categories', 'name'),
    content: f.html('Content', { localized: true }),
    thumb: f.image('Thumb'),
    tags: f.text('Tags', { searchable: true }),
    meta_title: f.text('Meta Title', { localized: true }),
    meta_description: f.textarea('Meta Description', { localized: true, rows: 2 }),
    meta_keywords: f.text('Meta Keywords', { localized: true }),
    sort_order: f.number('Sort Order', { min: 0, default: 0 }),
    status: f.status(),
    publish_at: f.publishAt(),
    review_stage: f.reviewStage(),
    created_by: f.number('Author', { readOnly: true, hidden: true }),
  },
  ownerField: 'created_by',
  columns: [
    { label: 'Title', field: 'title', truncate: LIMITS.truncate.adminPost },
    { label: 'Slug', field: 'slug', truncate: LIMITS.truncate.adminPost },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
