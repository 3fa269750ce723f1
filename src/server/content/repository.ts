/**
 * One repository for every entity: tenant scoping, search, paging and ordering come from the
 * entity definition, so no entity has SQL of its own.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { type EntityDef, readableColumns, searchableFields } from '../../shared/entities';
import { type DB, isPostgresDb, now } from '../db/database';

export type Row = Record<string, unknown>;
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

export class Repository {
  readonly columns: string[];
  /** SQLite's LIKE already ignores ASCII case (as its lower() would); PostgreSQL needs ILIKE. */
  private readonly likeOperator: 'like' | 'ilike';

  constructor(
    private readonly db: DB,
    readonly def: EntityDef,
  ) {
    this.columns = readableColumns(def);
    this.likeOperator = isPostgresDb(db) ? 'ilike' : 'like';
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

  async list(appKey: string | null, params: ListParams): Promise<{ rows: Row[]; total: number }> {
    const base = this.filtered(appKey, params);
    let qb = base.select(this.columns);
    for (const { field, dir } of this.def.order) qb = qb.orderBy(field, dir);
    // Two queries on purpose: a window count(*) over () would materialise every matching row,
    // large content columns included, only to count them.
    const [rows, [{ total }]] = await Promise.all([
      qb.limit(params.size).offset((params.page - 1) * params.size).execute(),
      base.select((eb) => eb.fn.countAll().as('total')).execute() as Promise<[{ total: number }]>,
    ]);
    return { rows, total: Number(total) };
  }

  async get(appKey: string | null, id: number): Promise<Row | undefined> {
    return this.scoped(appKey, this.db.selectFrom(this.def.table)).select(this.columns).where('id', '=', id).executeTakeFirst();
  }

  async findBy(appKey: string | null, column: string, value: unknown): Promise<Row | undefined> {
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

  async insert(appKey: string | null, values: Row, db: DB = this.db): Promise<Row> {
    const stamp = now();
    // Client input can never carry created_at (the schemas refuse it); the seeder backdates news.
    const created = typeof values.created_at === 'string' ? values.created_at : stamp;
    const row = { ...values, ...(this.def.tenant ? { app_key: appKey } : {}), created_at: created, updated_at: created };
    return db.insertInto(this.def.table).values(row).returning(this.columns).executeTakeFirstOrThrow();
  }

  async update(appKey: string | null, id: number, values: Row): Promise<Row | undefined> {
    let qb = this.db.updateTable(this.def.table).set({ ...values, updated_at: now() }).where('id', '=', id);
    if (this.def.tenant && appKey !== null) qb = qb.where('app_key', '=', appKey);
    return qb.returning(this.columns).executeTakeFirst();
  }

  async delete(appKey: string | null, id: number): Promise<boolean> {
    let qb = this.db.deleteFrom(this.def.table).where('id', '=', id);
    if (this.def.tenant && appKey !== null) qb = qb.where('app_key', '=', appKey);
    const result = await qb.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
