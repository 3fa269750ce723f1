import { defineEntity, f } from './define';

export const postCategories = defineEntity({
  resource: 'post-categories',
  adminPath: 'post-category',
  title: 'Post Categories',
  formTitle: 'Post Category',
  labelField: 'name',
  unpagedByDefault: true,
  // Visitors read them for the news page's category filter (/news?category=<id>).
  public: { list: { size: 100, unpaged: true } },
  order: [
    { field: 'sort_order', dir: 'asc' },
    { field: 'id', dir: 'asc' },
  ],
  fields: {
    name: f.text('Name', { localized: true, required: true, searchable: true }),
    description: f.textarea('Description', { localized: true, rows: 3 }),
    thumb: f.image('Thumb'),
    metaKey: f.text('Meta Keywords'),
    metaDescription: f.textarea('Meta Description', { rows: 2 }),
    status: f.status(),
    sort_order: f.number('Sort Order', { min: 0, default: 0 }),
    parent_id: f.relation('Parent', 'post-categories', 'name'),
  },
  columns: [
    { label: 'Name', field: 'name' },
    { label: 'ParentID', field: 'parent_id', empty: '--' },
    { label: 'Order', field: 'sort_order', empty: '--' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
