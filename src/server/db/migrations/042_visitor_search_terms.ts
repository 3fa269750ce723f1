/**
 * The words of the site's search index, as a table, and a count of the index's changes (SQLite
 * only; content/visitor-search.ts).
 *
 * FTS5 answers a word beginning (`"update"*`) by reading the whole list of rows of every word that
 * begins so and merging them into one, before the other words of the query narrow it: a word in
 * every post costs the whole index, whatever the query finds. Asked as the words themselves
 * (`"update" OR "updates"`), the lists are read only where the other words' rows are. The table of
 * words (FTS5's own `fts5vocab`, over the same index, so never out of step) says which words a
 * beginning stands for. Reading it costs a word's whole list too, so the search remembers what it
 * read until the index changes: `visitor_search_changes` counts the writes to the tables the index
 * is made from, moved by triggers as the index is (any writer: the API, an import, a restore, a
 * command-line tool in another process).
 *
 * PostgreSQL answers a beginning from its GIN index (`word:*`) and needs neither.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from '../database';
import { VISITOR_SEARCHED } from './029_visitor_search';

/** The triggers that move the count: after each write to a table the index is made from (029's). */
const TRIGGERS = [...Object.keys(VISITOR_SEARCHED), 'translations'].flatMap((table) =>
  ['insert', 'update', 'delete'].map((event) => ({ name: `visitor_search_changes_${table}_${event}`, table, event })),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgresDb(db)) return;
  await sql`create virtual table visitor_search_terms using fts5vocab(visitor_search, 'row')`.execute(db);
  await sql`create table visitor_search_changes (count integer not null)`.execute(db);
  await sql`insert into visitor_search_changes (count) values (0)`.execute(db);
  for (const { name, table, event } of TRIGGERS) {
    await sql
      .raw(`create trigger ${name} after ${event} on ${table} begin update visitor_search_changes set count = count + 1; end`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgresDb(db)) return;
  for (const { name } of TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  await sql`drop table if exists visitor_search_changes`.execute(db);
  await sql`drop table if exists visitor_search_terms`.execute(db);
}
