/**
 * Roles and site membership on users, the author of a post, what a session was last used from,
 * sign-in failures kept where every instance sees them, and the activity log. Users that exist
 * before this migration held every right, so they become admins: nobody loses access by upgrading.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from '../database';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgresDb(db);
  const idColumn = (name: string) =>
    pg
      ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('viewer'))
    .execute();
  await db.schema.alterTable('users').addColumn('sites', 'text').execute();
  await sql`update users set role = 'admin'`.execute(db);

  await db.schema.alterTable('posts').addColumn('created_by', 'integer').execute();

  await db.schema.alterTable('sessions').addColumn('last_used_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await sql`update sessions set last_used_at = created_at`.execute(db);

  await idColumn('auth_failures')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_failures_key_time').on('auth_failures').columns(['key', 'created_at']).execute();

  await idColumn('activity')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('app_key', 'text')
    .addColumn('entity', 'text')
    .addColumn('record_id', 'integer')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('changes', 'text')
    .execute();
  await db.schema.createIndex('activity_time').on('activity').column('created_at').execute();
  await db.schema.createIndex('activity_site_time').on('activity').columns(['app_key', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('activity').execute();
  await db.schema.dropTable('auth_failures').execute();
  for (const column of ['user_agent', 'ip', 'last_used_at']) await db.schema.alterTable('sessions').dropColumn(column).execute();
  await db.schema.alterTable('posts').dropColumn('created_by').execute();
  await db.schema.alterTable('users').dropColumn('sites').execute();
  await db.schema.alterTable('users').dropColumn('role').execute();
}
