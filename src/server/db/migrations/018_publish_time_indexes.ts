/**
 * The next scheduled item of a site (cache/public-answers.ts, expireAtNextPublish) is asked after every write
 * that touches what is kept: on 100,000 posts, without an index, `min(publish_at)` read every post
 * of the site (20 ms, on each cold page after a write). With one, it is a short walk of the index.
 */
import type { Kysely } from 'kysely';

const SCHEDULED = [
  ['pages', 'publish_at'],
  ['posts', 'publish_at'],
  ['sliders', 'publish_at'],
  ['careers', 'application_publish_at'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of SCHEDULED) {
    await db.schema.createIndex(`${table}_app_publish_idx`).on(table).columns(['app_key', column]).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of SCHEDULED) await db.schema.dropIndex(`${table}_app_publish_idx`).execute();
}
