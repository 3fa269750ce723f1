import { LIMITS } from '../limits';
import { defineEntity, f } from './define';

/**
 * What visitors send through the forms staff build (entities/forms.ts): the answers as JSON by
 * field name, stored once per submission (its idempotency key), read and erased by staff, and
 * erased by the hourly upkeep once older than their form's retention days.
 */
export const formEntries = defineEntity({
  resource: 'form-entries',
  adminPath: 'form-entries',
  sensitivity: 'personal-data',
  admin: { group: 'People', marksRead: true },
  title: 'Form Entries',
  formTitle: 'Form Entry',
  readOnlyResource: true,
  exportable: true,
  labelField: 'summary',
  order: [{ field: 'id', dir: 'desc' }],
  fields: {
    form_id: f.relation('Form', 'forms', 'title', { required: true }),
    // The first email answer: whose entry it is (an erasure of one address finds its entries by it).
    email: f.email('Email', { searchable: true }),
    summary: f.text('Summary', { max: 300, searchable: true }),
    data: f.textarea('Answers', { required: true, searchable: true, max: 400_000 }),
    locale: f.text('Language', { max: 35 }),
    // The career an application was sent for (its career page), so staff read "applied for …".
    career_id: f.relation('Applied for', 'careers', 'title'),
    read_at: f.datetime('Read', { readOnly: true, hidden: true }),
  },
  columns: [
    { label: 'Form', field: 'form_id', empty: '--' },
    { label: 'Applied for', field: 'career_id', empty: '--' },
    { label: 'Summary', field: 'summary', truncate: LIMITS.truncate.cardShort, empty: '--' },
    { label: 'Email', field: 'email', empty: '--' },
    { label: 'Received', field: 'created_at', format: 'datetime' },
    { label: 'Status', field: 'read_at', format: 'read' },
  ],
});
