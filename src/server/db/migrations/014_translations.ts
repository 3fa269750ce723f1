/**
 * A site in more than one language. Each site lists its locales (BCP 47 tags, the default first);
 * a record's text in another locale is one row of `translations`: the translated fields as JSON,
 * with a version of its own (two people translating into two languages never block each other),
 * the translated slug (a page is found by its address in any locale) and the text search reads
 * (the same trigram index as the records' own, migration 012).
 *
 * One row per record and locale rather than a JSON column on each table: one table serves every
 * entity (no migration per entity), a translation is written, versioned, exported and removed on
 * its own, and its search text is indexed once for all of them.
 */
import type { Kysely } from 'kysely';
import { isPostgresDb } from '../database';
import { addSearchIndex } from './012_search_index';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('locales', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema
    .alterTable('applications')
    .addColumn('default_locale', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  const table = isPostgresDb(db)
    ? db.schema.createTable('translations').addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable('translations').addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  await table
    .addColumn('app_key', 'text', (c) => c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'))
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('slug', 'text')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('translations_record_locale', ['resource', 'record_id', 'locale'])
    .execute();
  await db.schema.createIndex('translations_slug_idx').on('translations').columns(['app_key', 'resource', 'slug']).execute();
  await addSearchIndex(db, 'translations', ['search_text']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('translations').execute();
}
