import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

/** Contact-form messages: visitors write them, staff read and delete them. */
export const messages = defineEntity({
  resource: 'messages',
  adminPath: 'messages',
  table: 'messages',
  title: 'Messages',
  formTitle: 'Message',
  tenant: true,
  readOnlyResource: true,
  labelField: 'email',
  pageSizes: [10, 25, 50, 100],
  defaultPageSize: 10,
  order: [{ field: 'id', dir: 'desc' }],
  fields: {
    name: f.text('Name', { required: true, searchable: true, max: 120 }),
    email: f.email('Email', { required: true, searchable: true }),
    message: f.textarea('Message', { required: true, searchable: true, max: 5_000 }),
  },
  columns: [
    { label: 'Name', field: 'name' },
    { label: 'Email', field: 'email' },
    { label: 'Message', field: 'message', truncate: LIMITS.truncate.cardShort },
    { label: 'Received', field: 'created_at', format: 'datetime' },
  ],
});
