/**
 * An entity's table as its definition implies it: the columns (system columns and one per stored
 * field, typed by `columnType`), the indexes its reads need, and its search index. `npm run
 * entity:new` derives it from a new definition and writes it into the new migration as plain data
 * (entityTableSpec), which the migration hands to createEntityTable: a migration is history, so it
 * keeps the table it made when the definition changes later, and a later migration can make its
 * table the same way.
 *
 * The index rule (entityIndexes) is one function of the definition, so every table gets the
 * indexes its reads ask for, rather than a later list of tables by name (migrations 018–020):
 *
 * - list: the admin list, a site's live rows in the definition's order: site, `deleted_at`, then the
 *   order's columns (every lookup by site uses its first column);
 * - trash: `deleted_at` alone: the Trash's purge looks across every site for rows gone long ago;
 * - visible: the public list, when there is one: site, `status`, `deleted_at` and, for an entity
 *   under review, `review_stage` (compared for equality), then the order's columns (so a page is
 *   read in order, not sorted), then the publish time, which the read compares as a range (so the
 *   visible count reads the index alone, migrations 019 and 043). A filter the list may be
 *   narrowed by (`?category=`) is optional, so it gets an index of its own with the filter among
 *   the equalities: in the one index it would stand between the equalities and the order, and the
 *   unfiltered list could no longer be read in order;
 * - publish: site and publish time, for a scheduled entity: a site's next publish time
 *   (expireAtNextPublish, migration 018);
 * - slug: site and slug, unique when the slug field is: the public read by slug and the check that
 *   a slug is free (which counts the Trash, as the index does). Other unique fields get a plain
 *   index for that check (their empty values are not compared, so a constraint would refuse two);
 * - embedded: site and the field another entity's public read embeds this one by (migration 020).
 *
 * Indexes whose columns another one already starts with are left out.
 */
import { type Kysely, sql } from 'kysely';
import { columnType, type EntityDef, hasTrash, searchableFields, storedFields } from '../../shared/entities';
import { isPostgresDb } from './database';
import { addSearchIndex } from './migrations/012_search_index';

export interface TableIndex {
  name: string;
  /** Column names, each optionally followed by ` desc` (the order a list reads them in). */
  columns: readonly string[];
  unique?: boolean;
}

/** A table as a migration makes it, without a reference to the definition it came from. */
export interface EntityTableSpec {
  table: string;
  /** Rows carry `app_key` (a site's) and `deleted_at` (the Trash). */
  tenant: boolean;
  /** Each stored field and its SQL type. */
  columns: Readonly<Record<string, 'integer' | 'text'>>;
  /** Relation fields and the table whose ids they hold (a removed row leaves them empty). */
  references?: Readonly<Record<string, string>>;
  /** The searchable fields, in the search index (migration 012). */
  search: readonly string[];
  indexes: readonly TableIndex[];
}

/** The indexes `def`'s reads need; `registry` is every definition (for the ones that embed this one). */
export function entityIndexes(def: EntityDef, registry: readonly EntityDef[] = []): TableIndex[] {
  const t = def.table;
  const site = def.tenant ? ['app_key'] : [];
  const trash = hasTrash(def) ? ['deleted_at'] : [];
  const order = def.order.map(({ field, dir }) => (dir === 'desc' ? `${field} desc` : field));
  const onlyById = def.order.every(({ field }) => field === 'id');
  const wanted: TableIndex[] = [];

  if (site.length > 0 || !onlyById) wanted.push({ name: `${t}_list_idx`, columns: [...site, ...trash, ...order] });
  if (trash.length > 0) wanted.push({ name: `${t}_deleted_at_idx`, columns: trash });
  const list = def.public?.list;
  if (list) {
    const published = def.publishedFrom ? [def.publishedFrom] : [];
    const equal = [...site, 'status', ...trash, ...(def.review ? ['review_stage'] : [])];
    wanted.push({ name: `${t}_visible_idx`, columns: [...equal, ...order, ...published] });
    for (const filter of list.filters ?? []) {
      wanted.push({ name: `${t}_visible_${filter}_idx`, columns: [...equal, filter, ...order, ...published] });
    }
  }
  if (def.publishedFrom) wanted.push({ name: `${t}_app_publish_idx`, columns: [...site, def.publishedFrom] });
  for (const [name, field] of Object.entries(def.fields)) {
    const isSlug = def.slug?.field === name;
    if (!isSlug && !field.unique) continue;
    const unique = isSlug && field.unique === true;
    wanted.push({ name: `${t}_app_${name}_${unique ? 'uq' : 'idx'}`, columns: [...site, name], ...(unique ? { unique } : {}) });
  }
  for (const parent of registry) {
    for (const embed of parent.public?.embeds ?? []) {
      if (embed.entity === def.resource) wanted.push({ name: `${t}_${embed.by}_idx`, columns: [...site, embed.by] });
    }
  }
  return withoutCovered(wanted.map((index) => ({ ...index, columns: distinct(index.columns) })));
}

/** Each column once, where it first comes (a list filtered and ordered by one field names it twice). */
const distinct = (columns: readonly string[]) =>
  columns.filter((column, i) => columns.findIndex((other) => other.split(' ')[0] === column.split(' ')[0]) === i);

/** Leaves out an index whose columns are the first columns of another (it answers nothing the other does not). */
function withoutCovered(indexes: TableIndex[]): TableIndex[] {
  const startsWith = (long: readonly string[], short: readonly string[]) =>
    short.length <= long.length && short.every((column, i) => long[i] === column);
  const seen = new Set<string>();
  return indexes.filter((index, i) => {
    const key = index.columns.join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    if (index.unique) return true;
    return !indexes.some(
      (other, j) => j !== i && other.columns.length > index.columns.length && startsWith(other.columns, index.columns),
    );
  });
}

/** What a migration makes for `def`: to be written into it as data (see the top of this file). */
export function entityTableSpec(def: EntityDef, registry: readonly EntityDef[] = []): EntityTableSpec {
  const columns: Record<string, 'integer' | 'text'> = Object.fromEntries(
    storedFields(def).map((name) => [name, columnType(def.fields[name]!)]),
  );
  // Where a record stands in review (content/review.ts), as migration 034 added to pages, posts and slides.
  if (def.review) columns.review_stage = 'text';
  const references: Record<string, string> = {};
  for (const name of storedFields(def)) {
    const field = def.fields[name]!;
    if (field.kind !== 'relation') continue;
    const target = [...registry, def].find((other) => other.resource === field.relation.entity);
    if (target) references[name] = target.table;
  }
  return {
    table: def.table,
    tenant: def.tenant,
    columns,
    ...(Object.keys(references).length > 0 ? { references } : {}),
    search: searchableFields(def),
    indexes: entityIndexes(def, registry),
  };
}

/**
 * Makes the table, its indexes and its search index: the columns every entity table has (id,
 * `app_key` of a site that takes its rows with it, the times, the version a save is based on,
 * `deleted_at` for the Trash), then a column per field. Later migrations call it with their own
 * spec, so what it makes of a spec must not change.
 */
export async function createEntityTable(db: Kysely<unknown>, spec: EntityTableSpec): Promise<void> {
  let table = isPostgresDb(db)
    ? db.schema.createTable(spec.table).addColumn('id', 'serial', (c) => c.primaryKey())
    : db.schema.createTable(spec.table).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  if (spec.tenant) {
    table = table.addColumn('app_key', 'text', (c) =>
      c.notNull().references('applications.app_key').onDelete('cascade').onUpdate('cascade'),
    );
  }
  for (const [name, type] of Object.entries(spec.columns)) {
    const target = spec.references?.[name];
    table = table.addColumn(name, type, (c) => (target ? c.references(`${target}.id`).onDelete('set null') : c));
  }
  table = table
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
  if (spec.tenant) table = table.addColumn('deleted_at', 'text');
  await table.execute();
  for (const index of spec.indexes) {
    const create = db.schema
      .createIndex(index.name)
      .on(spec.table)
      .columns([...index.columns]);
    await (index.unique ? create.unique() : create).execute();
  }
  if (spec.search.length > 0) await addSearchIndex(db, spec.table, spec.search);
}

/** Undoes createEntityTable (SQLite's search table is a table of its own; PostgreSQL's index goes with the table). */
export async function dropEntityTable(db: Kysely<unknown>, spec: EntityTableSpec): Promise<void> {
  if (spec.search.length > 0 && !isPostgresDb(db))
    await sql`drop table if exists ${sql.table(`${spec.table}_search`)}`.execute(db);
  await db.schema.dropTable(spec.table).execute();
}
