import { defineEntity, f } from './define';

/** A subscriber's address as its owner confirmed it, or not yet (a sign-up through the site's form). */
export const SUBSCRIBER_CONFIRMATIONS = [
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  /** Left through the link in a mail (one-click unsubscribe, RFC 8058): mailed nothing more. */
  { value: 'unsubscribed', label: 'Unsubscribed' },
  /** Refused for good (a 5xx) by the mail server of the address when a newsletter went: mailed nothing more. */
  { value: 'refused', label: 'Refused by its mail server' },
] as const;

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
    /**
     * Whether the address's owner asked for it (issue 53, L9): any website can make its visitors'
     * browsers subscribe an address, so one sent through the site's form is `pending` until
     * confirmed; one staff add is `confirmed`. Set by the server only.
     */
    confirmation: f.select('Confirmation', { choices: SUBSCRIBER_CONFIRMATIONS, default: 'confirmed', readOnly: true }),
    /** The language of the page they signed up on: their mail is written in it (none: the site's default). */
    locale: f.text('Language', { readOnly: true, max: 35 }),
    app_id: f.number('App Id', { readOnly: true }),
  },
  columns: [
    { label: 'Name', field: 'name', empty: '--' },
    { label: 'Email', field: 'email' },
    { label: 'Status', field: 'status', format: 'status' },
    { label: 'Confirmation', field: 'confirmation', format: 'choice' },
  ],
});
