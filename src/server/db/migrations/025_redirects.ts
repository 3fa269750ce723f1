/**
 * Redirects and the 404 log (issue #58): per site, a public address that moved (301/302 to
 * another path of the site) or is gone (410), made by slug changes and the Trash's purge or by
 * staff, with its hits; and the addresses visitors asked for that did not exist, bounded per site
 * (content/redirects.ts). Both go with their site.
 */
import type { Kysely } from 'kysely';
import { isPostgresDb } from '../database';

export async function up(db: Kysely<unknown>): Promise<void> {
  const withId = (name: string) =>
    isPostgresDb(db)
      ? db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await withId('redirects')
    .addColumn('app_key', 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('from_path', 'text', (c) => c.notNull())
    .addColumn('to_path', 'text')
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_hit_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('redirects_from_idx').unique().on('redirects').columns(['app_key', 'from_path']).execute();
  // A chain is collapsed by the rows that point at an address that moves.
  await db.schema.createIndex('redirects_to_idx').on('redirects').columns(['app_key', 'to_path']).execute();

  await withId('not_found_log')
    .addColumn('app_key', 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen', 'text', (c) => c.notNull())
    .addColumn('referrer_host', 'text')
    .execute();
  await db.schema.createIndex('not_found_log_path_idx').unique().on('not_found_log').columns(['app_key', 'path']).execute();
  // The least recently seen go first when a site's log is full.
  await db.schema.createIndex('not_found_log_seen_idx').on('not_found_log').columns(['app_key', 'last_seen']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('not_found_log').execute();
  await db.schema.dropTable('redirects').execute();
}
