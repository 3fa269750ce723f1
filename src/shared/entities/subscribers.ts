import { defineEntity, f } from './define';

export const subscribers = defineEntity({
  resource: 'subscribers',
  admin: { group: 'People' },
  sensitivity: 'personal-data',
  hooks: 'site-id',
  title: 'Subscribers',
  formTitle: 'Subscriber',
  labelField: 'email',
  order: [{ field: 'id', dir: 'desc' }],
  exportable: true,
  fields: {
    name: f.text('Name', { searchable: true }),
    email: f.email('Email', { required: true, searchable: true, unique: true }),
    status: f.status(),
    app_id: f.number('App Id', { readOnly: true }),
  },
  columns: [
    { label: 'Name', field: 'name', empty: '--' },
    { label: 'Email', field: 'email' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
