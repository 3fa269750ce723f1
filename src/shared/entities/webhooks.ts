import { defineEntity, f } from './define';

/** What a webhook can be told about: a site's content written through the admin. */
/** `submitted`, `approved`, `returned` (changes requested, back to its author): review before publishing (issue #61). */
export const WEBHOOK_EVENTS = [
  'created',
  'updated',
  'deleted',
  'restored',
  'published',
  'submitted',
  'approved',
  'returned',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * Another system told about a site's content changes (a static rebuild, a CDN purge): a signed
 * JSON POST to `url` for each chosen event. The secret is made by the server on create.
 */
export const webhooks = defineEntity({
  resource: 'webhooks',
  admin: { group: 'Site' },
  sensitivity: 'site-settings',
  hooks: 'webhooks',
  title: 'Webhooks',
  formTitle: 'Webhook',
  labelField: 'name',
  fields: {
    name: f.text('Name', { required: true, searchable: true, max: 200 }),
    url: f.url('URL', {
      required: true,
      searchable: true,
      pattern: { regex: /^https?:\/\/[^/\s]+/i, message: 'URL must be a full address starting with http:// or https://' },
      hint: 'Receives a POST with a JSON body for each event',
    }),
    events: f.select('Events', {
      multiple: true,
      choices: WEBHOOK_EVENTS.map((event) => ({ value: event, label: event[0]!.toUpperCase() + event.slice(1) })),
      hint: 'None chosen: every event',
    }),
    secret: f.text('Signing secret', { readOnly: true }),
    status: f.status(),
  },
  columns: [
    { label: 'Name', field: 'name' },
    { label: 'URL', field: 'url', truncate: 60 },
    { label: 'Events', field: 'events', empty: 'Every event' },
    { label: 'Status', field: 'status', format: 'status' },
  ],
});
