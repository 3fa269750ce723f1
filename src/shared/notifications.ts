/**
 * Notifications of review before publishing (issue #61): the kinds a person is told of, and an
 * item as the bell lists it. Read by the server (which writes and mails them) and the back-office.
 */

/** What happened: submitted for your review, changes requested, approved, published. */
export const NOTIFICATION_KINDS = ['submitted', 'changes_requested', 'approved', 'published'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly unknown[]).includes(value);

/** One item of the bell, newest first. */
export interface NotificationItem {
  id: number;
  kind: NotificationKind;
  /** The entity's resource (`posts`): the back-office opens the record's form from it. */
  entity: string;
  record_id: number;
  record_title: string | null;
  actor_name: string | null;
  comment: string | null;
  created_at: string;
  read_at: string | null;
}

/** A person's mail switches: whether each kind also comes by mail (the bell shows every kind). */
export type NotificationMail = Record<NotificationKind, boolean>;

/** Everyone gets every kind by mail until they switch one off. */
export const MAIL_ON: NotificationMail = { submitted: true, changes_requested: true, approved: true, published: true };
