/**
 * Notifications of review before publishing (issue #61, notifications/notifications.ts): one row
 * per person told (submitted for their review, changes requested, approved, published), with what
 * the bell shows frozen at the time (the record's title, who acted, the comment's opening), when
 * they read it, and how its mail stands. Each person's mail switches, one per kind, sit beside it:
 * a person without a row gets every kind by mail.
 */
import type { Kysely } from 'kysely';
import { isPostgresDb } from '../database';

export async function up(db: Kysely<unknown>): Promise<void> {
  const table = isPostgresDb(db)
    ? db.schema.createTable('notifications').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('notifications').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    // A person who is deleted takes their notifications with them; so does a site.
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_key', 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('record_title', 'text')
    // Who acted: their id, and their name as it was (they may be gone when it is read).
    .addColumn('actor_id', 'integer')
    .addColumn('actor_name', 'text')
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    // null: no mail (switched off, or the server sends none); pending → sending → sent | failed.
    .addColumn('mail', 'text')
    .addColumn('mailed_at', 'text')
    .execute();
  await db.schema.createIndex('notifications_user_idx').on('notifications').columns(['user_id', 'app_key', 'id']).execute();
  await db.schema.createIndex('notifications_created_idx').on('notifications').columns(['created_at']).execute();
  await db.schema.createIndex('notifications_mail_idx').on('notifications').columns(['mail', 'id']).execute();
  await db.schema
    .createTable('notification_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('mail_submitted', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('mail_changes_requested', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('mail_approved', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('mail_published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_settings').execute();
  await db.schema.dropTable('notifications').execute();
}
