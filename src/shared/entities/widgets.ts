import { defineEntity, f } from './define';

export const widgets = defineEntity({
  resource: 'widgets',
  adminPath: 'widget',
  title: 'Widgets',
  formTitle: 'Widget',
  labelField: 'title',
  fields: {
    section_id: f.relation('Section', 'sections', 'title'),
    name: f.text('Name', { searchable: true }),
    title: f.text('Title', { localized: true, searchable: true }),
    sub_title: f.text('Sub Title', { localized: true, searchable: true }),
    link_url: f.url('Link URL'),
    content: f.html('Content', { localized: true }),
    thumb: f.image('Thumb'),
    status: f.status(),
  },
  columns: [
    { label: 'Name', field: 'name', empty: '--' },
    { label: 'Title', field: 'title', empty: '--' },
    { label: 'Section', field: 'section_id', empty: '--' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
