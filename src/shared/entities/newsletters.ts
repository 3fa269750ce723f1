import { defineEntity, f } from './define';

/** What an issue is made of: one post, the posts since the last digest, or its own text. */
export const NEWSLETTER_KINDS = [
  { value: 'written', label: 'Written here' },
  { value: 'post', label: 'One post' },
  { value: 'digest', label: 'Digest of new posts' },
] as const;
export type NewsletterKind = (typeof NEWSLETTER_KINDS)[number]['value'];

/** Where an issue is on its way out; set by the server only (routes/newsletters.ts). */
export const NEWSLETTER_DELIVERY = [
  { value: 'draft', label: 'Not sent' },
  { value: 'sending', label: 'Sending' },
  { value: 'sent', label: 'Sent' },
] as const;
export type NewsletterDelivery = (typeof NEWSLETTER_DELIVERY)[number]['value'];

/**
 * A mail to the site's confirmed subscribers (issue 59). Each is sent in the subscriber's language
 * where the issue has its text. Sent when staff press Send on its screen, or by itself at its
 * Send at time (the sender looks every few seconds), and then never again: the queue holds one row per recipient.
 */
export const newsletters = defineEntity({
  resource: 'newsletters',
  adminPath: 'newsletter',
  admin: { group: 'People' },
  title: 'Newsletters',
  formTitle: 'Newsletter',
  labelField: 'subject',
  order: [{ field: 'id', dir: 'desc' }],
  fields: {
    subject: f.text('Subject', { localized: true, required: true, searchable: true, max: 200 }),
    kind: f.select('Content', { choices: NEWSLETTER_KINDS, default: 'written', required: true }),
    post_id: f.relation('Post', 'posts', 'title', { hint: 'For One post: the post the issue carries' }),
    content: f.html('Text', {
      localized: true,
      hint: 'Written here: the whole issue; One post and Digest: an introduction above the posts',
    }),
    status: f.status(),
    send_at: {
      kind: 'datetime',
      label: 'Send at',
      hint: 'Left empty, it goes when you press Send; set, it goes by itself at that time while its Status is Active',
    },
    delivery: f.select('Delivery', { choices: NEWSLETTER_DELIVERY, default: 'draft', readOnly: true }),
    queued_at: f.datetime('Queued at', { readOnly: true, hidden: true }),
  },
  columns: [
    { label: 'Subject', field: 'subject', truncate: 60 },
    { label: 'Content', field: 'kind', format: 'choice' },
    { label: 'Send at', field: 'send_at', empty: '--' },
    { label: 'Delivery', field: 'delivery', format: 'choice' },
  ],
});
