/**
 * The site's own search (issue 58, content/visitor-search.ts): one word index of what visitors
 * read, a row per record and per translation, ranked by the database's full-text rank. Unlike the
 * back-office's search (migration 012, substrings of a few columns), it finds words and word
 * beginnings in the text itself, in any script: a Bangla query finds Bangla words.
 *
 * - SQLite: an FTS5 table (unicode61 tokenizer: words split at spaces and punctuation, Bangla's
 *   vowel signs declared part of their words) ranked with bm25.
 * - PostgreSQL: a table whose `document` is a tsvector of the 'simple' configuration (no stemming:
 *   PostgreSQL has none for Bangla, and one language's stemmer would mangle the other's words),
 *   title weighted above text, with a GIN index; ranked with ts_rank.
 *
 * Triggers keep it in step with every write, whatever makes it (the API, an import, a restore):
 * nothing in the application has to remember it. A record's own row has the key `id × 16 + its
 * table's number` and a translation's row `−(translation id)`, so a write finds its row by key.
 * Who may see a row (status, publish time, the Trash) is asked of the record at search time,
 * so a scheduled post is found once it is out with no write at that moment.
 *
 * HTML leaves the text before it is indexed: through the connection's `html_text` function on
 * SQLite (database.ts, the same htmlToText the site uses), and a tag-stripping expression on
 * PostgreSQL.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from '../database';

/**
 * The tables searched as this migration made them, each with its number in the row keys and the
 * columns read (`public.search` of the definitions: a test keeps the two in step).
 */
export const VISITOR_SEARCHED: Record<string, { code: number; title: string; text: readonly string[] }> = {
  pages: { code: 1, title: 'title', text: ['sub_title', 'content'] },
  posts: { code: 2, title: 'title', text: ['sub_title', 'content'] },
};

/** What a translation's JSON names them (the searched tables name their columns alike). */
const TRANSLATED = VISITOR_SEARCHED.pages!;

/** Room for 15 tables' numbers in a record's row key. */
export const KEY_SPACING = 16;

/** The searched tables as an SQL list (a translation's row is indexed when it is one of theirs). */
const tableNames = Object.keys(VISITOR_SEARCHED)
  .map((name) => `'${name}'`)
  .join(', ');

/**
 * Bangla's vowel signs, its virama and its other combining marks: the unicode61 tokenizer splits
 * words at them by default (ঋণের would be ঋণ + ের), so they are declared part of words.
 */
const BENGALI_MARKS = [
  [0x981, 0x983],
  [0x9bc, 0x9bc],
  [0x9be, 0x9c4],
  [0x9c7, 0x9c8],
  [0x9cb, 0x9cd],
  [0x9d7, 0x9d7],
  [0x9e2, 0x9e3],
]
  .flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, i) => String.fromCodePoint(from! + i)))
  .join('');

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgresDb(db);
  if (postgres) {
    await sql`create table visitor_search (
      key bigint primary key,
      title text not null,
      body text not null,
      app_key text not null,
      resource text not null,
      record_id integer not null,
      locale text not null,
      document tsvector generated always as (
        setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')
      ) stored
    )`.execute(db);
    await sql`create index visitor_search_document on visitor_search using gin (document)`.execute(db);
    await sql.raw(PG_HTML_TEXT).execute(db);
  } else {
    await sql
      .raw(
        `create virtual table visitor_search using fts5(
          title, body, app_key unindexed, resource unindexed, record_id unindexed, locale unindexed,
          tokenize = "unicode61 remove_diacritics 2 tokenchars '${BENGALI_MARKS}'"
        )`,
      )
      .execute(db);
  }
  const keep = postgres ? keptOnPostgres : keptOnSqlite;
  const html = postgres ? 'visitor_search_text' : 'html_text';
  const plain = (values: string[]) => `${html}(${values.map((value) => `coalesce(${value}, '')`).join(` || ' ' || `)})`;
  for (const [table, { code, title, text }] of Object.entries(VISITOR_SEARCHED)) {
    await keep(db, {
      table,
      key: (row) => `${row}.id * ${KEY_SPACING} + ${code}`,
      values: (row) =>
        `coalesce(${row}.${title}, ''), ${plain(text.map((c) => `${row}.${c}`))}, ${row}.app_key, '${table}', ${row}.id, ''`,
      updateOf: [title, ...text, 'app_key'],
    });
  }
  // A translation's text is JSON: its fields by name (content/translations.ts).
  const field = (row: string, name: string) =>
    postgres ? `(${row}.data::jsonb ->> '${name}')` : `json_extract(${row}.data, '$.${name}')`;
  await keep(db, {
    table: 'translations',
    key: (row) => `-${row}.id`,
    values: (row) =>
      `coalesce(${field(row, TRANSLATED.title)}, ''), ${plain(TRANSLATED.text.map((name) => field(row, name)))}, ` +
      `${row}.app_key, ${row}.resource, ${row}.record_id, ${row}.locale`,
    only: (row) => `${row}.resource in (${tableNames})`,
  });
}

/**
 * The rows one table puts in the index: `key` and `values` (title, body, app_key, resource,
 * record_id, locale) as SQL over a row's name (`new`, `old`, the table's), for the rows `only` takes.
 */
interface Source {
  table: string;
  key: (row: string) => string;
  values: (row: string) => string;
  only?: (row: string) => string;
  /** The columns whose change changes its row in the index (any, when none are named). */
  updateOf?: readonly string[];
}

const COLUMNS = 'title, body, app_key, resource, record_id, locale';
const updateOf = (source: Source) => (source.updateOf ? `update of ${source.updateOf.join(', ')}` : 'update');

/** Triggers that keep `source`'s rows in the FTS5 table (its key is the rowid), and its rows now. */
async function keptOnSqlite(db: Kysely<unknown>, source: Source): Promise<void> {
  const { table, key, values, only = () => '1' } = source;
  const insert = `insert into visitor_search(rowid, ${COLUMNS}) select ${key('new')}, ${values('new')} where ${only('new')}`;
  const removeOld = `delete from visitor_search where rowid = ${key('old')}`;
  await sql.raw(`create trigger visitor_search_${table}_insert after insert on ${table} begin ${insert}; end`).execute(db);
  await sql
    .raw(`create trigger visitor_search_${table}_update after ${updateOf(source)} on ${table} begin ${removeOld}; ${insert}; end`)
    .execute(db);
  await sql.raw(`create trigger visitor_search_${table}_delete after delete on ${table} begin ${removeOld}; end`).execute(db);
  await sql
    .raw(
      `insert into visitor_search(rowid, ${COLUMNS}) select ${key(table)}, ${values(table)} from ${table} where ${only(table)}`,
    )
    .execute(db);
}

/** A trigger function that keeps `source`'s rows in the index table, and its rows now. */
async function keptOnPostgres(db: Kysely<unknown>, source: Source): Promise<void> {
  const { table, key, values, only = () => 'true' } = source;
  await sql
    .raw(
      `create function visitor_search_${table}() returns trigger language plpgsql as $$ begin
        if tg_op <> 'INSERT' then delete from visitor_search where key = ${key('old')}; end if;
        if tg_op <> 'DELETE' and ${only('new')} then
          insert into visitor_search(key, ${COLUMNS}) values (${key('new')}, ${values('new')});
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger visitor_search after insert or delete or ${updateOf(source)} on ${table}
        for each row execute function visitor_search_${table}()`,
    )
    .execute(db);
  await sql
    .raw(`insert into visitor_search(key, ${COLUMNS}) select ${key(table)}, ${values(table)} from ${table} where ${only(table)}`)
    .execute(db);
}

/**
 * HTML to plain text in PostgreSQL: tags become spaces, and the entities rich text holds become
 * their characters (others, rare in content, go).
 */
const PG_HTML_TEXT = `create function visitor_search_text(html text) returns text language sql immutable as $$
  select regexp_replace(
    replace(replace(replace(replace(replace(replace(
      regexp_replace(coalesce(html, ''), '<[^>]*>', ' ', 'g'),
      '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&'),
    '&#?[A-Za-z0-9]+;', ' ', 'g')
$$`;
