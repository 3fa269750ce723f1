import { defineEntity, f } from './define';

export const subscribers = defineEntity({
  resource: 'subscribers',
  adminPath: 'subscribers',
  table: 'subscribers',
  title: 'Subscribers',
  formTitle: 'Subscriber',
  tenant: true,
  labelField: 'email',
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 10,
  order: [{ field: 'id', dir: 'desc' }],
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
