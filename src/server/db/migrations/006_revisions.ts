/**
 * History: every save keeps the record as it was before, with its version, who saved over it and
 * when, so any earlier state can be read and brought back.
 */
import type { Kysely } from 'kysely';
import { isPostgresDb } from '../database';

export async function up(db: Kysely<unknown>): Promise<void> {
  const table = isPostgresDb(db)
    ? db.schema.createTable('revisions').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('revisions').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('app_key', 'text')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .execute();
  await db.schema.createIndex('revisions_record').on('revisions').columns(['resource', 'record_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('revisions').execute();
}
