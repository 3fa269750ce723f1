/**
 * API tokens: a headless consumer's key to one site, with a role's rights (or only its reads),
 * an optional expiry and its last use. Only the token's hash is kept. A token goes with its site
 * and with the admin who made it (it acts on their behalf).
 */
import type { Kysely } from 'kysely';
import { isPostgresDb } from '../database';

export async function up(db: Kysely<unknown>): Promise<void> {
  const table = isPostgresDb(db)
    ? db.schema.createTable('api_tokens').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('api_tokens').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('app_key', 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('read_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_tokens_app_key_idx').on('api_tokens').column('app_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
