/**
 * Trash, scheduling and drafts. A deleted record of a site's content keeps its row with
 * `deleted_at` set, so it can be restored (and is erased 30 days later). Pages, posts and sliders
 * gain `publish_at`: public from that time on. A draft holds changes to a record that are not live
 * yet, one per record, with the version it was based on.
 */
import type { Kysely } from 'kysely';

/** Every site content table as it stands at this migration. */
const CONTENT_TABLES = [
  'profiles',
  'sliders',
  'pages',
  'sections',
  'widgets',
  'faqs',
  'careers',
  'gallery',
  'socials',
  'subscribers',
  'menus',
  'posts',
  'post_categories',
  'messages',
];
const SCHEDULED_TABLES = ['pages', 'posts', 'sliders'];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of CONTENT_TABLES) {
    await db.schema.alterTable(table).addColumn('deleted_at', 'text').execute();
    await db.schema.createIndex(`${table}_deleted_at_idx`).on(table).column('deleted_at').execute();
  }
  for (const table of SCHEDULED_TABLES) await db.schema.alterTable(table).addColumn('publish_at', 'text').execute();
  await db.schema
    .createTable('drafts')
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('app_key', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('drafts_pk', ['resource', 'record_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('drafts').execute();
  for (const table of SCHEDULED_TABLES) await db.schema.alterTable(table).dropColumn('publish_at').execute();
  for (const table of CONTENT_TABLES) {
    await db.schema.dropIndex(`${table}_deleted_at_idx`).execute();
    await db.schema.alterTable(table).dropColumn('deleted_at').execute();
  }
}
