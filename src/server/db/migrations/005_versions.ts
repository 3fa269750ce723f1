/**
 * Every record carries a version: 1 on create, one more on every save. A save names the version it
 * was based on, and one based on an older version is refused instead of overwriting what someone
 * else saved in between. Rows that exist before this migration start at 1.
 */
import type { Kysely } from 'kysely';

/** Every entity table as it stands at this migration (later tables add the column themselves). */
const TABLES = [
  'applications',
  'users',
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

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('version').execute();
}
