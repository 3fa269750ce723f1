import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

/** Contact-form messages: visitors write them, staff read and delete them. */
export const messages = defineEntity({
  resource: 'messages',
  sensitivity: 'personal-data',
  admin: { group: 'People', inbox: true },
  title: 'Messages',
  formTitle: 'Message',
  readOnlyResource: true,
  labelField: 'email',
  order: [{ field: 'id', dir: 'desc' }],
  exportable: true,
  fields: {
    name: f.text('Name', { required: true, searchable: true, max: 120 }),
    email: f.email('Email', { required: true, searchable: true }),
    message: f.textarea('Message', { required: true, searchable: true, max: 5_000 }),
    read_at: f.datetime('Read', { readOnly: true, hidden: true }),
  },
  columns: [
    { label: 'Name', field: 'name' },
    { label: 'Email', field: 'email' },
    { label: 'Message', field: 'message', truncate: LIMITS.truncate.cardShort },
    { label: 'Received', field: 'created_at', format: 'datetime' },
    { label: 'Status', field: 'read_at', format: 'read' },
  ],
});
