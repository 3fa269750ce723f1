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

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgresDb(db)) await forPostgres(db);
  else await forSqlite(db);
}

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

async function forSqlite(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `create virtual table visitor_search using fts5(
        title, body, app_key unindexed, resource unindexed, record_id unindexed, locale unindexed,
        tokenize = "unicode61 remove_diacritics 2 tokenchars '${BENGALI_MARKS}'"
      )`,
    )
    .execute(db);
  const joined = (of: string, columns: readonly string[]) =>
    columns.map((column) => `coalesce(${of}(${column}), '')`).join(` || ' ' || `);
  for (const [table, { code, title, text }] of Object.entries(VISITOR_SEARCHED)) {
    const key = (row: string) => `${row}.id * ${KEY_SPACING} + ${code}`;
    const own = (row: string) => (column: string) => `${row}.${column}`;
    const insert = `insert into visitor_search(rowid, title, body, app_key, resource, record_id, locale)
      values (${key('new')}, coalesce(new.${title}, ''), html_text(${joined('', text.map(own('new')))}), new.app_key, '${table}', new.id, '')`;
    await sql.raw(`create trigger visitor_search_${table}_insert after insert on ${table} begin ${insert}; end`).execute(db);
    await sql
      .raw(
        `create trigger visitor_search_${table}_update after update of ${[title, ...text, 'app_key'].join(', ')} on ${table} begin
          delete from visitor_search where rowid = ${key('old')}; ${insert}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger visitor_search_${table}_delete after delete on ${table} begin delete from visitor_search where rowid = ${key('old')}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into visitor_search(rowid, title, body, app_key, resource, record_id, locale)
      select ${key(table)}, coalesce(${table}.${title}, ''), html_text(${joined('', text.map(own(table)))}), app_key, '${table}', id, '' from ${table}`,
      )
      .execute(db);
  }
  // A translation's text is JSON: its fields by name (content/translations.ts).
  const field = (row: string) => (column: string) => `json_extract(${row}.data, '$.${column}')`;
  const translated = (row: string) => `select -${row}.id, coalesce(${field(row)(TRANSLATED.title)}, ''),
      html_text(${joined('', TRANSLATED.text.map(field(row)))}), ${row}.app_key, ${row}.resource, ${row}.record_id, ${row}.locale`;
  const insert = `insert into visitor_search(rowid, title, body, app_key, resource, record_id, locale)
    ${translated('new')} where new.resource in (${tableNames})`;
  await sql
    .raw(`create trigger visitor_search_translations_insert after insert on translations begin ${insert}; end`)
    .execute(db);
  await sql
    .raw(
      `create trigger visitor_search_translations_update after update on translations begin
        delete from visitor_search where rowid = -old.id; ${insert}; end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger visitor_search_translations_delete after delete on translations begin delete from visitor_search where rowid = -old.id; end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into visitor_search(rowid, title, body, app_key, resource, record_id, locale)
      ${translated('translations')} from translations where translations.resource in (${tableNames})`,
    )
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

async function forPostgres(db: Kysely<unknown>): Promise<void> {
  await sql`create table visitor_search (
    key bigint primary key,
    app_key text not null,
    resource text not null,
    record_id integer not null,
    locale text not null,
    title text not null,
    body text not null,
    document tsvector generated always as (
      setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'B')
    ) stored
  )`.execute(db);
  await sql`create index visitor_search_document on visitor_search using gin (document)`.execute(db);
  await sql.raw(PG_HTML_TEXT).execute(db);
  const joined = (columns: readonly string[]) => columns.map((column) => `coalesce(${column}, '')`).join(` || ' ' || `);
  for (const [table, { code, title, text }] of Object.entries(VISITOR_SEARCHED)) {
    const key = (row: string) => `${row}.id * ${KEY_SPACING} + ${code}`;
    const values = (row: string) =>
      `${key(row)}, ${row}.app_key, '${table}', ${row}.id, '', coalesce(${row}.${title}, ''), visitor_search_text(${joined(text.map((c) => `${row}.${c}`))})`;
    await sql
      .raw(
        `create function visitor_search_${table}() returns trigger language plpgsql as $$ begin
          if tg_op <> 'INSERT' then delete from visitor_search where key = ${key('old')}; end if;
          if tg_op <> 'DELETE' then
            insert into visitor_search(key, app_key, resource, record_id, locale, title, body) values (${values('new')});
          end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger visitor_search after insert or delete or update of ${[title, ...text, 'app_key'].join(', ')} on ${table}
          for each row execute function visitor_search_${table}()`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into visitor_search(key, app_key, resource, record_id, locale, title, body) select ${values(table)} from ${table}`,
      )
      .execute(db);
  }
  const field = (row: string) => (column: string) => `(${row}.data::jsonb ->> '${column}')`;
  const translated = (row: string) =>
    `-${row}.id, ${row}.app_key, ${row}.resource, ${row}.record_id, ${row}.locale, coalesce(${field(row)(TRANSLATED.title)}, ''),
      visitor_search_text(${joined(TRANSLATED.text.map(field(row)))})`;
  await sql
    .raw(
      `create function visitor_search_translations() returns trigger language plpgsql as $$ begin
        if tg_op <> 'INSERT' then delete from visitor_search where key = -old.id; end if;
        if tg_op <> 'DELETE' and new.resource in (${tableNames}) then
          insert into visitor_search(key, app_key, resource, record_id, locale, title, body) values (${translated('new')});
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger visitor_search after insert or update or delete on translations for each row execute function visitor_search_translations()`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into visitor_search(key, app_key, resource, record_id, locale, title, body)
        select ${translated('translations')} from translations where translations.resource in (${tableNames})`,
    )
    .execute(db);
}
