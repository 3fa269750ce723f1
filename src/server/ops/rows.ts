/**
 * What the commands that move rows between databases share (`orgsite import`, `orgsite restore`):
 * the order tables go in, the links within one table, and PostgreSQL's id sequences.
 */
import type { SecretBox } from '../security/secret-box';
import { type Kysely, sql } from 'kysely';
import type { LooseTables } from '../db/schema';
import { ENTITIES, type EntityDef, type ColumnValue } from '../../shared/entities';
import type { Database } from '../db/database';
import type { FileStorage } from '../storage/storage';

/** A refusal a person can act on (the message says what to do): the command line prints it without a stack, exit code 1. */
export class Refusal extends Error {}

/** Where rows come from or go to: a database (its PostgreSQL schema) and the uploads' storage. */
export interface Installation {
  database: Database;
  schema?: string;
  storage: FileStorage;
  /** The installation's key and erasures file: what a restore erases again (content/person-data.ts). */
  erasures?: { key: () => SecretBox; file: string };
}

/** A row as a table stores it (or an archive carries it): its columns' values. */
export type Row = Record<string, ColumnValue>;
export type AnyDb = Kysely<LooseTables>;

/** The content entities of a site, each after the entities its relations point at. */
export function contentInOrder(): EntityDef[] {
  const targets = (def: EntityDef) =>
    Object.values(def.fields).flatMap((field) =>
      field.kind === 'relation' && field.relation.entity !== def.resource ? [field.relation.entity] : [],
    );
  const ordered: EntityDef[] = [];
  const visit = (def: EntityDef) => {
    if (ordered.includes(def)) return;
    for (const target of targets(def)) visit(ENTITIES[target as keyof typeof ENTITIES] as EntityDef);
    ordered.push(def);
  };
  Object.values(ENTITIES)
    .filter((def) => def.tenant)
    .forEach(visit);
  return ordered;
}

/** Fields that point at rows of the same table (a menu's parent): set once every row is in. */
const selfLinks = (def: EntityDef): string[] =>
  Object.entries(def.fields)
    .filter(([, field]) => field.kind === 'relation' && field.relation.entity === def.resource)
    .map(([name]) => name);

/**
 * Rows of one table may point at each other in any order (a child before its parent): they go in
 * with those links empty, `insert` answers how many went in, and the links are set afterwards.
 * `idOf` turns an id of the rows into the id it has now (the same one when ids were kept).
 */
export async function insertLinkedRows(
  db: AnyDb,
  def: EntityDef,
  rows: Row[],
  insert: (rows: Row[]) => Promise<number>,
  idOf: (id: ColumnValue) => ColumnValue = (id) => id,
): Promise<number> {
  const links = selfLinks(def);
  const count = await insert(rows.map((row) => ({ ...row, ...Object.fromEntries(links.map((name) => [name, null])) })));
  for (const name of links) {
    for (const row of rows.filter((r) => r[name] != null)) {
      await db
        .updateTable(def.table)
        .set({ [name]: idOf(row[name] ?? null) })
        .where('id', '=', idOf(row.id ?? null))
        .execute();
    }
  }
  return count;
}

/** After ids given by hand, PostgreSQL's sequence must move past them, or the next insert takes one. */
export async function catchUpSequence(db: AnyDb, table: string): Promise<void> {
  await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(
    db,
  );
}

/** Runs `query` on slices of `values` (databases bound the number of parameters) and joins the answers. */
export async function chunks<V, R>(values: V[], query: (chunk: V[]) => Promise<R[]>, size = 500): Promise<R[]> {
  const answers: R[] = [];
  for (let i = 0; i < values.length; i += size) answers.push(...(await query(values.slice(i, i + size))));
  return answers;
}
