/**
 * Two-factor sign-in (a TOTP secret per user, being set up or in use, the time step of the last
 * code accepted so no code works twice, and single-use recovery codes kept as hashes), one-time password reset links (kept as hashes), and the few settings an
 * admin changes at run time (which roles must use two-factor sign-in, how long the activity log
 * keeps entries).
 */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { isPostgresDb } from '../database';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgresDb(db);
  const idColumn = (name: string) =>
    pg
      ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const user = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');

  await db.schema
    .createTable('two_factor')
    .addColumn('user_id', 'integer', (c) => user(c).primaryKey())
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .execute();

  await idColumn('recovery_codes')
    .addColumn('user_id', 'integer', user)
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').column('user_id').execute();

  await idColumn('password_resets')
    .addColumn('user_id', 'integer', user)
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['settings', 'password_resets', 'recovery_codes', 'two_factor']) await db.schema.dropTable(table).execute();
}
