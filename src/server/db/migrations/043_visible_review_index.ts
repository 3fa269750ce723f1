/**
 * The visible count of posts reads its index alone again. A public list answers with its total,
 * and migration 019 gave the count an index holding every column it filters on. Review before
 * publishing (migration 034) added one more, `review_stage is null` (content/visibility.ts), which
 * that index does not hold, so since then the count read every post's row as well as the index.
 * This index holds it among the equalities, before the publish time the count compares as a range.
 * Posts are the only reviewed table with such an index: slides and pages have no public list a site
 * keeps adding to. A new reviewed entity gets it from its definition (db/entity-tables.ts).
 */
import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from '../database';

const BEFORE = ['app_key', 'status', 'deleted_at', 'publish_at'];
const AFTER = ['app_key', 'status', 'deleted_at', 'review_stage', 'publish_at'];

async function visibleIndex(db: Kysely<unknown>, columns: string[]): Promise<void> {
  await db.schema.dropIndex('posts_visible_idx').ifExists().execute();
  await db.schema.createIndex('posts_visible_idx').on('posts').columns(columns).execute();
  // SQLite's planner knows an index's selectivity only from ANALYZE, which the server runs as the
  // database opens, before migrations: without it, a new index on equalities looks narrower than it
  // is, and the home page's reads of posts were slower until the next start. PostgreSQL plans from
  // its table's statistics, which a new plain index does not need.
  if (!isPostgresDb(db)) await sql`analyze posts_visible_idx`.execute(db);
}

export const up = (db: Kysely<unknown>) => visibleIndex(db, AFTER);
export const down = (db: Kysely<unknown>) => visibleIndex(db, BEFORE);
