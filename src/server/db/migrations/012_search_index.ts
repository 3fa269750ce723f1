/**
 * Search with an index, so a search nobody made before does not read every row. The admin search
 * is a substring match on an entity's searchable columns (case-insensitive):
 *
 * - SQLite: one FTS5 table per entity (`<table>_search`) with the trigram tokenizer, which answers
 *   substring matches of 3 characters or more; it holds no copy of the text (external content)
 *   and triggers keep it in step with every insert, update and delete.
 * - PostgreSQL: one pg_trgm GIN index per table on its searchable columns joined into one text
 *   (searchText below: a unit separator between them, so no match spans two columns), which an
 *   `ilike '%…%'` on that same expression uses. pg_trgm is a trusted extension (any user who may
 *   create in the database installs it); a database where it cannot be installed keeps working,
 *   searching without the index.
 *
 * Searches shorter than 3 characters match as before, without the index.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from '../database';

/** The searchable columns of each table as they stand at this migration (searchableFields of the definitions). */
export const SEARCHED_COLUMNS: Record<string, readonly string[]> = {
  applications: ['app_key', 'name', 'title'],
  profiles: ['name', 'title', 'designation', 'slug'],
  sliders: ['title', 'sub_title'],
  pages: ['name', 'title', 'sub_title', 'slug'],
  sections: ['name', 'title', 'sub_title'],
  widgets: ['name', 'title', 'sub_title'],
  faqs: ['faq_title'],
  careers: ['title', 'content'],
  gallery: ['title'],
  users: ['name', 'firstname', 'lastname', 'email', 'phone'],
  socials: ['name', 'link_url'],
  subscribers: ['name', 'email'],
  menus: ['title', 'slug'],
  posts: ['title', 'sub_title', 'slug', 'tags'],
  post_categories: ['name'],
  messages: ['name', 'email', 'message'],
  webhooks: ['name', 'url'],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, columns] of Object.entries(SEARCHED_COLUMNS)) await addSearchIndex(db, table, columns);
}

/**
 * The search index of one table on its searchable columns, built for the rows already there. A
 * later migration that creates a table with searchable fields calls this too (the search test
 * checks every entity's index against its definition).
 */
export async function addSearchIndex(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  if (isPostgresDb(db)) await indexForPostgres(db, table, columns);
  else await indexForSqlite(db, table, columns);
}

/**
 * The one text PostgreSQL's index holds for a row: its searchable columns, empty for null, with a
 * unit separator between them. The search (Repository) must ask with this very expression.
 */
export function searchText(columns: readonly string[]) {
  return sql.join(
    columns.map((column) => sql`coalesce(${sql.ref(column)}, '')`),
    sql` || chr(31) || `,
  );
}

async function indexForSqlite(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const fts = sql.table(`${table}_search`);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const newValues = sql.join(columns.map((c) => sql.ref(`new.${c}`)));
  const oldValues = sql.join(columns.map((c) => sql.ref(`old.${c}`)));
  const trigger = (name: string) => sql.table(`${table}_search_${name}`);
  await sql`create virtual table ${fts} using fts5(${list}, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`create trigger ${trigger('insert')} after insert on ${sql.table(table)} begin
    insert into ${fts}(rowid, ${list}) values (new.id, ${newValues});
  end`.execute(db);
  await sql`create trigger ${trigger('delete')} after delete on ${sql.table(table)} begin
    insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${oldValues});
  end`.execute(db);
  await sql`create trigger ${trigger('update')} after update of ${list} on ${sql.table(table)} begin
    insert into ${fts}(${fts}, rowid, ${list}) values ('delete', old.id, ${oldValues});
    insert into ${fts}(rowid, ${list}) values (new.id, ${newValues});
  end`.execute(db);
  await sql`insert into ${fts}(${fts}) values ('rebuild')`.execute(db);
}

async function indexForPostgres(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const schema = await trigramSchema(db);
  if (!schema) return;
  const opclass = sql.raw(`${quoteIdent(schema)}.gin_trgm_ops`);
  const name = sql.ref(`${table}_search_trgm`);
  await sql`create index ${name} on ${sql.table(table)} using gin ((${searchText(columns)}) ${opclass})`.execute(db);
}

/**
 * The schema pg_trgm is installed in, installing it in `public` when it is not there; undefined
 * when this user may not install it. Concurrent migrations (several schemas of one database) take
 * turns, so only one installs it.
 */
async function trigramSchema(db: Kysely<unknown>): Promise<string | undefined> {
  await sql`select pg_advisory_xact_lock(hashtext('orgsite: pg_trgm'))`.execute(db);
  const installed = async () =>
    (
      await sql<{
        schema: string;
      }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema;
  const schema = await installed();
  if (schema) return schema;
  const { rows } = await sql<{
    allowed: boolean;
  }>`select has_database_privilege(current_database(), 'CREATE') as allowed`.execute(db);
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!rows[0]?.allowed || available.rows.length === 0) return undefined;
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  return installed();
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
