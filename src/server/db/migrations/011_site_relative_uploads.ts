/**
 * Uploads are addressed site-relative (`/uploads/<name>`), so they survive a proxy, HTTPS or a new
 * domain. Earlier uploads were answered with the server's address baked in
 * (`http://127.0.0.1:4420/uploads/<name>`) and pasted into content that way: every stored text that
 * names a file this server holds that way is rewritten. Addresses of files elsewhere stay as they are.
 */
import { type Kysely, sql } from 'kysely';
import { isPostgresDb } from '../database';

/** The address and the file name, which ends at a quote (or an escaped one, inside JSON), a space or the query. */
const ABSOLUTE_UPLOAD = /https?:\/\/[^/\s"'<>\\]+\/uploads\/([^\s"'<>?#)\\]+)/g;

/** The columns that identify a row, for the tables whose texts may hold content. */
const KEYS: Record<string, string[]> = { drafts: ['resource', 'record_id'] };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table, found at run time
export async function up(db: Kysely<any>): Promise<void> {
  const names = new Set((await db.selectFrom('files').select('name').execute()).map((row) => String(row.name)));
  if (names.size === 0) return;
  const rewrite = (text: string) =>
    text.replace(ABSOLUTE_UPLOAD, (match, name: string) => (names.has(name) ? `/uploads/${name}` : match));

  // Only this database's own tables (a PostgreSQL server may hold other schemas).
  const schema = isPostgresDb(db) ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
  for (const table of await db.introspection.getTables()) {
    if (schema !== undefined && table.schema !== schema) continue;
    const columns = table.columns.map((c) => c.name);
    const keys = KEYS[table.name] ?? (columns.includes('id') ? ['id'] : undefined);
    const texts = table.columns.filter((c) => /text|char/i.test(c.dataType) && !keys?.includes(c.name)).map((c) => c.name);
    if (!keys || texts.length === 0) continue;
    const rows = await db
      .selectFrom(table.name)
      .select([...keys, ...texts])
      .where((eb) => eb.or(texts.map((column) => eb(column, 'like', '%/uploads/%'))))
      .execute();
    for (const row of rows) {
      const changed = Object.fromEntries(
        texts.flatMap((column) => {
          const value = row[column];
          if (typeof value !== 'string') return [];
          const next = rewrite(value);
          return next === value ? [] : [[column, next]];
        }),
      );
      if (Object.keys(changed).length === 0) continue;
      await keys.reduce((query, key) => query.where(key, '=', row[key]), db.updateTable(table.name).set(changed)).execute();
    }
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: site-relative addresses work wherever absolute ones did.
}
