/**
 * Newsletters (issue 59): the entity's table (src/shared/entities/newsletters.ts, first written by
 * `npm run entity:new`), and what sending one needs.
 * - `newsletter_copies`: the issue as it was made when it was queued, once per language: every
 *   recipient, and a send resumed after a crash, gets that text, whatever is edited meanwhile.
 * - `newsletter_sends`: the queue, one row per recipient, unique per (issue, subscriber), so
 *   queueing twice (two instances at the Send at time) queues nobody twice. A row is taken by one
 *   instance in one conditional update (`locked_until`, and `claim`, the token its mark of "sent"
 *   must still match), as webhook deliveries are (migration 010). `unsubscribed_at`: the recipient
 *   left through this issue's own link (its report counts them).
 * An address a mail server refuses for good (a 5xx) is marked on its subscriber (confirmation
 * `refused`, a value of the column migration 023 made) and mailed nothing more.
 */
import type { Kysely } from 'kysely';
import { isPostgresDb } from '../database';
import { createEntityTable, dropEntityTable, type EntityTableSpec } from '../entity-tables';

const TABLE: EntityTableSpec = {
  table: 'newsletters',
  tenant: true,
  columns: {
    subject: 'text',
    kind: 'text',
    post_id: 'integer',
    content: 'text',
    status: 'integer',
    send_at: 'text',
    delivery: 'text',
    queued_at: 'text',
  },
  search: ['subject'],
  indexes: [
    { name: 'newsletters_list_idx', columns: ['app_key', 'deleted_at', 'id desc'] },
    { name: 'newsletters_deleted_at_idx', columns: ['deleted_at'] },
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, TABLE);
  const withId = (name: string) =>
    isPostgresDb(db)
      ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .createTable('newsletter_copies')
    .addColumn('newsletter_id', 'integer', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('newsletter_copies_pk', ['newsletter_id', 'locale'])
    .execute();

  await withId('newsletter_sends')
    .addColumn('newsletter_id', 'integer', (c) => c.notNull().references('newsletters.id').onDelete('cascade'))
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('subscriber_id', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('claim', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addUniqueConstraint('newsletter_sends_once', ['newsletter_id', 'subscriber_id'])
    .execute();
  // The sender's read: what is due, in order.
  await db.schema.createIndex('newsletter_sends_due_idx').on('newsletter_sends').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('newsletter_sends').execute();
  await db.schema.dropTable('newsletter_copies').execute();
  await dropEntityTable(db, TABLE);
}
