/**
 * One repository for every entity: tenant scoping, search, paging and ordering come from the
 * entity definition, so no entity has SQL of its own. Tables are addressed by name at run time,
 * so the queries inside are loosely typed; what leaves is typed as the definition's record.
 */
import { type Kysely, sql, type SelectQueryBuilder } from 'kysely';
import { type EntityDef, type RecordOf, readableColumns, searchableFields } from '../../shared/entities';
import type { Cache } from '../cache/cache';
import { type DB, isPostgresDb, now } from '../db/database';

/** A record of an entity not known at compile time (plugins that serve every entity). */
export type Row = Record<string, unknown>;

/** Cache scope of one table's search totals. */
const countScope = (table: string) => `counts:${table}`;

// The one place where the database is seen without its table types: see the comment above.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDB = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Select = SelectQueryBuilder<any, any, any>;

export interface ListParams {
  page: number;
  size: number;
  search?: string;
  /** Equality filters on columns (public reads use status = 1, is_top = 1 …). */
  where?: Row;
  /** Any further condition (e.g. careers published by now). */
  refine?: (qb: Select) => Select;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and not everything. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class Repository<E extends EntityDef = EntityDef> {
  readonly columns: string[];
  private readonly db: AnyDB;
  /** Scope of this table's search totals in the cache. */
  private readonly countScope: string;
  /** SQLite's LIKE already ignores ASCII case (as its lower() would); PostgreSQL needs ILIKE. */
  private readonly likeOperator: 'like' | 'ilike';

  constructor(
    db: DB,
    readonly def: E,
    private readonly cache?: Cache,
  ) {
    this.db = db as AnyDB;
    this.countScope = countScope(def.table);
    this.columns = readableColumns(def);
    this.likeOperator = isPostgresDb(this.db) ? 'ilike' : 'like';
  }

  private scoped(appKey: string | null, qb: Select): Select {
    return this.def.tenant && appKey !== null ? qb.where('app_key', '=', appKey) : qb;
  }

  private filtered(appKey: string | null, params: Omit<ListParams, 'page' | 'size'>): Select {
    let qb = this.scoped(appKey, this.db.selectFrom(this.def.table));
    for (const [column, value] of Object.entries(params.where ?? {})) {
      qb = value === null ? qb.where(column, 'is', null) : qb.where(column, '=', value);
    }
    const search = params.search?.trim();
    const fields = searchableFields(this.def);
    if (search && fields.length > 0) {
      const pattern = likePattern(search);
      qb = qb.where((eb) => eb.or(fields.map((f) => eb(f, this.likeOperator, sql<string>`${pattern} escape '\\'`))));
    }
    return params.refine ? params.refine(qb) : qb;
  }

  async list(appKey: string | null, params: ListParams): Promise<{ rows: RecordOf<E>[]; total: number }> {
    const base = this.filtered(appKey, params);
    let qb = base.select(this.columns);
    for (const { field, dir } of this.def.order) qb = qb.orderBy(field, dir);
    // Two queries on purpose: a window count(*) over () would materialise every matching row,
    // large content columns included, only to count them.
    const rows = await qb
      .limit(params.size)
      .offset((params.page - 1) * params.size)
      .execute();
    return { rows: rows as RecordOf<E>[], total: await this.count(appKey, params, base) };
  }

  /**
   * Totals of plain searches (no filters) are kept until this table is written: a search's count
   * scans every row of the application and is asked again for each page of the same search.
   * Only this entity's own text columns decide such a count, and they change only through the
   * writes below (or the whole application going, which invalidates the whole cache).
   */
  private async count(appKey: string | null, params: Omit<ListParams, 'page' | 'size'>, base: Select): Promise<number> {
    const total = async () => {
      const [{ total }] = (await base.select((eb) => eb.fn.countAll().as('total')).execute()) as [{ total: number }];
      return Number(total);
    };
    if (!this.cache || params.where || params.refine) return total();
    return this.cache.fetch(this.countScope, JSON.stringify([appKey, params.search?.trim() ?? '']), total);
  }

  private forgetCounts(): void {
    this.cache?.invalidate(this.countScope);
  }

  async get(appKey: string | null, id: number): Promise<RecordOf<E> | undefined> {
    return this.findBy(appKey, 'id', id);
  }

  async findBy(appKey: string | null, column: string, value: unknown): Promise<RecordOf<E> | undefined> {
    return this.scoped(appKey, this.db.selectFrom(this.def.table))
      .select(this.columns)
      .where(column, '=', value)
      .executeTakeFirst();
  }

  async exists(appKey: string | null, column: string, value: unknown, exceptId?: number): Promise<boolean> {
    let qb = this.scoped(appKey, this.db.selectFrom(this.def.table)).select('id').where(column, '=', value);
    if (exceptId !== undefined) qb = qb.where('id', '!=', exceptId);
    return (await qb.executeTakeFirst()) !== undefined;
  }

  async insert(appKey: string | null, values: Row, db: DB = this.db): Promise<RecordOf<E>> {
    this.forgetCounts();
    const stamp = now();
    // Client input can never carry created_at (the schemas refuse it); the seeder backdates news.
    const created = typeof values.created_at === 'string' ? values.created_at : stamp;
    const row = { ...values, ...(this.def.tenant ? { app_key: appKey } : {}), created_at: created, updated_at: created };
    return (await (db as AnyDB)
      .insertInto(this.def.table)
      .values(row)
      .returning(this.columns)
      .executeTakeFirstOrThrow()) as RecordOf<E>;
  }

  /**
   * Saves `values` as the next version. With `basedOn`, only if the stored version is still that
   * one: the check and the write are one statement, so of two saves based on one version exactly
   * one lands. Undefined when no row was written.
   */
  async update(appKey: string | null, id: number, values: Row, basedOn?: number): Promise<RecordOf<E> | undefined> {
    this.forgetCounts();
    let qb = this.db
      .updateTable(this.def.table)
      .set((eb) => ({ ...values, updated_at: now(), version: eb('version', '+', 1) }))
      .where('id', '=', id);
    if (this.def.tenant && appKey !== null) qb = qb.where('app_key', '=', appKey);
    if (basedOn !== undefined) qb = qb.where('version', '=', basedOn);
    return (await qb.returning(this.columns).executeTakeFirst()) as RecordOf<E> | undefined;
  }

  async delete(appKey: string | null, id: number): Promise<boolean> {
    this.forgetCounts();
    let qb = this.db.deleteFrom(this.def.table).where('id', '=', id);
    if (this.def.tenant && appKey !== null) qb = qb.where('app_key', '=', appKey);
    const result = await qb.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
