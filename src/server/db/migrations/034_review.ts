/**
 * Review before publishing (issue #61, content/review.ts): where each page, post and slide stands
 * in review (empty once it has passed, which is every existing row), the site's setting of whose
 * work must pass review (`nobody` for every existing site, so it behaves as before) with its
 * self-approval switch, and the comments of a record's review thread.
 */
import type { Kysely } from 'kysely';
import { isPostgresDb } from '../database';

const REVIEWED_TABLES = ['pages', 'posts', 'sliders'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of REVIEWED_TABLES) await db.schema.alterTable(table).addColumn('review_stage', 'text').execute();
  await db.schema
    .alterTable('applications')
    .addColumn('review', 'text', (c) => c.notNull().defaultTo('nobody'))
    .execute();
  await db.schema
    .alterTable('applications')
    .addColumn('review_self_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const table = isPostgresDb(db)
    ? db.schema.createTable('review_comments').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('review_comments').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('app_key', 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    // The record's version the comment was made on: a later version shows it as about an earlier text.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('review_comments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    // The transition the comment came with (`request-changes`), or null for a comment alone.
    .addColumn('action', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('review_comments_record_idx')
    .on('review_comments')
    .columns(['app_key', 'resource', 'record_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_comments').execute();
  await db.schema.alterTable('applications').dropColumn('review_self_approval').execute();
  await db.schema.alterTable('applications').dropColumn('review').execute();
  for (const table of REVIEWED_TABLES) await db.schema.alterTable(table).dropColumn('review_stage').execute();
}
