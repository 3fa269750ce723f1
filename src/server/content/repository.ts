/**
 * One repository for every entity: tenant scoping, search, paging and ordering come from the
 * entity definition, so no entity has SQL of its own. Tables are addressed by name at run time,
 * so the queries inside are loosely typed; what leaves is typed as the definition's record.
 */
import { type Kysely, sql, type SelectQueryBuilder } from 'kysely';
import type { LooseTables } from '../db/schema';
import {
  type AnyRecord,
  type ColumnValue,
  columnType,
  type EntityDef,
  hasTrash,
  type RecordOf,
  readableColumns,
  searchableFields,
} from '../../shared/entities';
import type { Cache } from '../cache/cache';
import { type DB, isPostgresDb, now } from '../db/database';
import { searchText } from '../db/migrations/012_search_index';

/** A record of an entity not known at compile time (plugins that serve every entity). */
export type Row = AnyRecord;

/** What a write gives a table's columns: a body the write schemas have checked, or the server's own values. */
export type WriteValues = Record<string, unknown>;

/** The most rows a search reads in order rather than ask its index (`walk`). */
const WALK_ROWS = 2_000;
const ASCII = /^[\x20-\x7e]*$/;
/** The column that carries a search's total beside its rows (searchPage). */
const TOTAL = '__total';
/** Cache scope of one table's search totals (a write to the table, or to its records' translations, forgets them). */
export const countScope = (table: string) => `counts:${table}`;

type AnyDB = Kysely<LooseTables>;
/** The shortest search a trigram index answers. */
export const TRIGRAM = 3;
export type Select = SelectQueryBuilder<LooseTables, string, Row>;

/**
 * Which rows a read sees: `live` ones (what every list, public read and selector shows), the
 * `trashed` ones (the Trash view), or `any` (uniqueness: a slug in the Trash is still taken, so
 * restoring it never collides).
 */
export type Visibility = 'live' | 'trashed' | 'any';

export interface ListParams {
  page: number;
  size: number;
  search?: string;
  /** Equality filters on columns (public reads use status = 1, is_top = 1 …). */
  where?: Readonly<Record<string, ColumnValue>>;
  /** Any further condition (e.g. careers published by now). */
  refine?: (qb: Select) => Select;
  /** Live rows unless said otherwise. */
  visibility?: Visibility;
  /**
   * The ids of rows whose text kept elsewhere has the search (a record's translations: a Bangla
   * title searched on a site written in English and Bangla); they match as the row's own text does.
   */
  alsoMatching?: (search: string) => IdQuery;
}

/** A query of row ids (one column, `id`). */
export type IdQuery = SelectQueryBuilder<LooseTables, string, { id: number }>;

const unsearched = <P extends Omit<ListParams, 'page' | 'size'>>(params: P): P => ({
  ...params,
  search: undefined,
  alsoMatching: undefined,
});

/** Escapes LIKE wildcards so a search for "50%" finds "50%" and not everything. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The rows of `base`, counted. */
const counted = (base: Select) => base.select((eb) => eb.fn.countAll().as('total'));

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

  private scoped(appKey: string | null, qb: Select, visibility: Visibility = 'live'): Select {
    if (this.def.tenant && appKey !== null) qb = qb.where('app_key', '=', appKey);
    if (!hasTrash(this.def) || visibility === 'any') return qb;
    return qb.where('deleted_at', visibility === 'live' ? 'is' : 'is not', null);
  }

  private filtered(appKey: string | null, params: Omit<ListParams, 'page' | 'size'>): Select {
    let qb = this.scoped(appKey, this.db.selectFrom(this.def.table), params.visibility);
    for (const [column, value] of Object.entries(params.where ?? {})) {
      qb = value === null ? qb.where(column, 'is', null) : qb.where(column, '=', value);
    }
    const search = params.search?.trim();
    const fields = searchableFields(this.def);
    if (search && fields.length > 0) qb = this.matching(qb, fields, search, false, params.alsoMatching?.(search));
    return params.refine ? params.refine(qb) : qb;
  }

  /**
   * Rows with `search` in any of `fields`, case-insensitive, through the indexes of migration 012:
   * PostgreSQL matches the fields' joined text, which its trigram index holds; SQLite asks the
   * entity's trigram table from 3 characters on (shorter searches compare every row, which a
   * trigram index could not narrow anyway) unless told to compare each row (`walk`). The rows of
   * `also` match too.
   */
  private matching(qb: Select, fields: string[], search: string, compareEachRow = false, also?: IdQuery): Select {
    const pattern = likePattern(search);
    if (this.likeOperator === 'ilike') {
      const own = sql<boolean>`(${searchText(fields)}) ilike ${pattern} escape '\\'`;
      if (!also) return qb.where(own);
      // One list of ids rather than an OR, which would keep the planner from the trigram index.
      return qb.where('id', 'in', this.db.selectFrom(this.def.table).select('id').where(own).unionAll(also));
    }
    if ([...search].length >= TRIGRAM && !compareEachRow) {
      const index = sql.table(`${this.def.table}_search`);
      const phrase = `"${search.replace(/"/g, '""')}"`;
      if (!also) return qb.where('id', 'in', sql<number>`(select rowid from ${index} where ${index} match ${phrase})`);
      const hits = this.db
        .selectFrom(`${this.def.table}_search`)
        .select(sql<number>`rowid`.as('id'))
        .where(sql<boolean>`${index} match ${phrase}`);
      return qb.where('id', 'in', hits.unionAll(also));
    }
    return qb.where((eb) => {
      const own = eb.or(fields.map((f) => eb(f, this.likeOperator, sql<string>`${pattern} escape '\\'`)));
      return also ? eb.or([own, eb('id', 'in', also)]) : own;
    });
  }

  /** `qb` (of this entity's table) narrowed to the rows with `search` in its searchable fields, as its list's search narrows. */
  searching<Q>(qb: Q, search: string): Q {
    const fields = searchableFields(this.def);
    return search.trim() && fields.length > 0 ? (this.matching(qb as Select, fields, search.trim()) as Q) : qb;
  }

  /** The rows of a list, in its order, before paging (what `list` runs; tests explain it). */
  listQuery(appKey: string | null, params: Omit<ListParams, 'page' | 'size'>) {
    return this.ordered(this.filtered(appKey, params), params);
  }

  /** How many rows a list has: the total its pages answer with (what `list` counts; tests explain it). */
  countQuery(appKey: string | null, params: Omit<ListParams, 'page' | 'size'>) {
    return counted(this.filtered(appKey, params));
  }

  private ordered(base: Select, params: Omit<ListParams, 'page' | 'size'>) {
    return this.inOrder(base.select(this.columns), params);
  }

  private inOrder<O>(
    qb: SelectQueryBuilder<LooseTables, string, O>,
    params: Omit<ListParams, 'page' | 'size'>,
  ): SelectQueryBuilder<LooseTables, string, O> {
    for (const { field, dir } of this.orderOf(params)) qb = qb.orderBy(field, dir);
    return qb;
  }

  /** The columns a list is ordered by: the Trash by when each went, then the definition's order. */
  private orderOf(params: Omit<ListParams, 'page' | 'size'>): readonly { field: string; dir: 'asc' | 'desc' }[] {
    return params.visibility === 'trashed' ? [{ field: 'deleted_at', dir: 'desc' }, ...this.def.order] : this.def.order;
  }

  async list(appKey: string | null, params: ListParams): Promise<{ rows: RecordOf<E>[]; total: number }> {
    const key = this.countKey(appKey, params);
    const kept = key === undefined ? undefined : this.cache?.get<number>(this.countScope, key);
    if (kept && (await this.worthWalking(appKey, params, kept.value))) {
      const walked = await this.walk(appKey, params);
      if (walked) return { rows: walked, total: kept.value };
    }
    const base = this.filtered(appKey, params);
    if (params.search?.trim() && !kept) return this.searchPage(base, params, key);
    const qb = this.ordered(base, params);
    // Two queries on purpose: a window count(*) over () would materialise every matching row,
    // large content columns included, only to count them.
    const rows = await this.paged(qb, params).execute();
    // A page that is not full is the last: the rows before it and its own are all there are. The
    // children a page embeds (its sections, their widgets), the menus and most public lists are one
    // such page, and a count each was a fifth of a page read's queries.
    const last = rows.length > 0 && rows.length < params.size;
    const total = kept ? kept.value : last ? (params.page - 1) * params.size + rows.length : await this.count(base, key);
    return { rows: rows as RecordOf<E>[], total };
  }

  private paged<O>(
    qb: SelectQueryBuilder<LooseTables, string, O>,
    params: ListParams,
  ): SelectQueryBuilder<LooseTables, string, O> {
    return qb.limit(params.size).offset((params.page - 1) * params.size);
  }

  /**
   * Whether a search whose total is known may find its page faster by walking the list in its
   * order, comparing rows until the page is full, than through the trigram index, which reads
   * every hit before the first is sorted: so when hits are a fair share of the rows (a common word,
   * paged through). SQLite only, whose planner cannot weigh this (PostgreSQL's does), and for ASCII
   * searches, which LIKE compares without case exactly as the index does.
   */
  private async worthWalking(appKey: string | null, params: ListParams, hits: number): Promise<boolean> {
    const search = params.search?.trim() ?? '';
    if (this.likeOperator !== 'like' || hits === 0 || [...search].length < TRIGRAM || !ASCII.test(search)) return false;
    const rows = await this.count(this.filtered(appKey, unsearched(params)), this.countKey(appKey, unsearched(params)));
    // The rows a walk reads to fill the page, were the hits spread evenly.
    return (params.page * params.size * rows) / hits <= WALK_ROWS;
  }

  /**
   * The page, from the first WALK_ROWS rows of the list in its order; undefined when they do not
   * fill it (the hits are bunched further down), and the index is asked after all. So a walk
   * costs a bounded read at worst, whatever the spread of the hits.
   */
  private async walk(appKey: string | null, params: ListParams): Promise<RecordOf<E>[] | undefined> {
    const window = this.ordered(this.filtered(appKey, unsearched(params)), params).limit(WALK_ROWS);
    const fields = searchableFields(this.def);
    const matches = this.inOrder(
      this.matching(
        this.db.selectFrom(window.as('walk')).selectAll(),
        fields,
        params.search!.trim(),
        true,
        params.alsoMatching?.(params.search!.trim()),
      ),
      params,
    );
    const rows = await this.paged(matches, params).execute();
    return rows.length === params.size ? (rows as RecordOf<E>[]) : undefined;
  }

  /**
   * A search's page and its total from one statement, so the search index is asked once, not once
   * for the rows and again for the count: the ids of the hits are kept (a CTE made once) and both
   * are read from them. The total is then kept like any other (`count`).
   */
  private async searchPage(base: Select, params: ListParams, key: string | undefined) {
    // The hits carry the columns the list is ordered by, so the page's ids are sorted from them
    // alone and only the page's own rows are read whole, not every hit's whole row sorted.
    const orderedBy = [...new Set(['id', ...this.orderOf(params).map((o) => o.field)])];
    const withHits: AnyDB = this.db.with(
      (cte) => cte('hits').materialized(),
      () => base.select(orderedBy),
    ) as unknown as AnyDB;
    const pageIds = this.paged(this.inOrder(this.db.selectFrom('hits').select('id'), params), params);
    const page = this.ordered(withHits.selectFrom(this.def.table).where('id', 'in', pageIds), params).select((eb) =>
      eb.selectFrom('hits').select(eb.fn.countAll().as('n')).as(TOTAL),
    );
    const found = (await page.execute()) as Row[];
    // A page past the last has no row to carry the total.
    const total = found.length > 0 ? Number(found[0]![TOTAL]) : params.page === 1 ? 0 : await this.count(base, undefined);
    if (key !== undefined) this.cache?.set(this.countScope, key, total);
    const rows = found.map(({ [TOTAL]: _, ...row }) => row);
    return { rows: rows as RecordOf<E>[], total };
  }

  /**
   * Totals of plain searches (no filters) are kept until this table is written: a search's count
   * scans every row of the application and is asked again for each page of the same search.
   * Only this entity's own text columns decide such a count, and they change only through the
   * writes below (or the whole application going, which invalidates the whole cache).
   */
  private countKey(appKey: string | null, params: Omit<ListParams, 'page' | 'size'>): string | undefined {
    if (!this.cache || params.where || params.refine || params.visibility) return undefined;
    return JSON.stringify([appKey, params.search?.trim() ?? '', params.alsoMatching !== undefined]);
  }

  private async count(base: Select, key: string | undefined): Promise<number> {
    const total = async () => {
      const [{ total }] = (await counted(base).execute()) as [{ total: number }];
      return Number(total);
    };
    return key === undefined || !this.cache ? total() : this.cache.fetch(this.countScope, key, total);
  }

  private forgetCounts(): void {
    this.cache?.invalidate(this.countScope);
  }

  /** How many rows a site's list has (live ones: the Trash is not counted), as the list's own total says. */
  async total(appKey: string | null): Promise<number> {
    return this.count(this.filtered(appKey, {}), this.countKey(appKey, {}));
  }

  /** The first row of a list in its order, if any: a list read of one row, without its count. */
  async first(appKey: string | null, params: Omit<ListParams, 'page' | 'size'>): Promise<RecordOf<E> | undefined> {
    return (await this.listQuery(appKey, params).limit(1).executeTakeFirst()) as RecordOf<E> | undefined;
  }

  async get(appKey: string | null, id: number, visibility?: Visibility): Promise<RecordOf<E> | undefined> {
    return this.findBy(appKey, 'id', id, visibility);
  }

  async findBy(
    appKey: string | null,
    column: string,
    value: ColumnValue,
    visibility?: Visibility,
  ): Promise<RecordOf<E> | undefined> {
    // The definition's columns, as its record type says them (the one cast from a loose row).
    return (await this.scoped(appKey, this.db.selectFrom(this.def.table), visibility)
      .select(this.columns)
      .where(column, '=', value)
      .executeTakeFirst()) as RecordOf<E> | undefined;
  }

  async exists(
    appKey: string | null,
    column: string,
    value: ColumnValue,
    exceptId?: number,
    visibility?: Visibility,
  ): Promise<boolean> {
    let qb = this.scoped(appKey, this.db.selectFrom(this.def.table), visibility).select('id').where(column, '=', value);
    if (exceptId !== undefined) qb = qb.where('id', '!=', exceptId);
    return (await qb.executeTakeFirst()) !== undefined;
  }

  async insert(appKey: string | null, values: WriteValues, db: DB = this.db): Promise<RecordOf<E>> {
    this.forgetCounts();
    const stamp = now();
    // Client input can never carry created_at (the schemas refuse it); the seeder backdates news.
    const created = typeof values.created_at === 'string' ? values.created_at : stamp;
    const row = { ...values, ...(this.def.tenant ? { app_key: appKey } : {}), created_at: created, updated_at: created };
    return (await (db as AnyDB)
      .insertInto(this.def.table)
      .values(row as Record<string, ColumnValue>)
      .returning(this.columns)
      .executeTakeFirstOrThrow()) as RecordOf<E>;
  }

  /**
   * Saves `values` as the next version. With `basedOn`, only if the stored version is still that
   * one: the check and the write are one statement, so of two saves based on one version exactly
   * one lands. Undefined when no row was written.
   */
  async update(
    appKey: string | null,
    id: number,
    values: WriteValues,
    basedOn?: number,
    db: DB = this.db,
  ): Promise<RecordOf<E> | undefined> {
    this.forgetCounts();
    let qb = (db as AnyDB)
      .updateTable(this.def.table)
      .set((eb) => ({ ...(values as Record<string, ColumnValue>), updated_at: now(), version: eb('version', '+', 1) }))
      .where('id', '=', id);
    if (this.def.tenant && appKey !== null) qb = qb.where('app_key', '=', appKey);
    if (basedOn !== undefined) qb = qb.where('version', '=', basedOn);
    return (await qb.returning(this.columns).executeTakeFirst()) as RecordOf<E> | undefined;
  }

  /** Rows of a site, live or in the Trash, with `text` in any of their text columns (who uses a file). */
  async mentioning(appKey: string, text: string, limit = 5): Promise<RecordOf<E>[]> {
    const columns = Object.entries(this.def.fields)
      .filter(([, fd]) => !fd.virtual && !fd.writeOnly && columnType(fd) === 'text')
      .map(([name]) => name);
    if (columns.length === 0) return [];
    const pattern = likePattern(text);
    return (await this.scoped(appKey, this.db.selectFrom(this.def.table), 'any')
      .select(this.columns)
      .where((eb) => eb.or(columns.map((c) => eb(c, 'like', sql<string>`${pattern} escape '\\'`))))
      .limit(limit)
      .execute()) as RecordOf<E>[];
  }

  /** The earliest publish time after `after` of the live, active rows still waiting for it. */
  async nextPublishTime(appKey: string, after: string): Promise<string | undefined> {
    const field = this.def.publishedFrom;
    if (!field) return undefined;
    const row = (await this.scoped(appKey, this.db.selectFrom(this.def.table))
      .select((eb) => eb.fn.min(field).as('next'))
      .where('status', '=', 1)
      .$if(Boolean(this.def.review), (qb) => qb.where('review_stage', 'is', null))
      .where(field, '>', after)
      .executeTakeFirst()) as { next: string | null } | undefined;
    return row?.next ?? undefined;
  }

  /** Live, active rows waiting for their publish time (after `after`), soonest first: id, label and when. */
  async scheduled(appKey: string, after: string, limit: number): Promise<{ id: number; label: unknown; at: string }[]> {
    const field = this.def.publishedFrom;
    if (!field) return [];
    const rows = await this.scoped(appKey, this.db.selectFrom(this.def.table))
      .select(['id', `${this.def.labelField} as label`, `${field} as at`])
      .where('status', '=', 1)
      .$if(Boolean(this.def.review), (qb) => qb.where('review_stage', 'is', null))
      .where(field, '>', after)
      .orderBy(field, 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), label: row.label, at: String(row.at) }));
  }

  /**
   * Live rows submitted for review or approved and waiting to be published (issue #61), longest
   * waiting first: id, label, stage and when it was last saved.
   */
  async inReview(appKey: string, limit: number): Promise<{ id: number; label: unknown; stage: string; at: string }[]> {
    if (!this.def.review) return [];
    const rows = await this.scoped(appKey, this.db.selectFrom(this.def.table))
      .select(['id', `${this.def.labelField} as label`, 'review_stage as stage', 'updated_at as at'])
      .where('review_stage', 'in', ['in_review', 'approved'])
      .orderBy('updated_at', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ id: Number(row.id), label: row.label, stage: String(row.stage), at: String(row.at) }));
  }

  /**
   * Live rows whose draft is in review or approved (a changed published record), longest waiting
   * first: the label as the draft has it, its stage and when it was last saved.
   */
  async draftsInReview(appKey: string, limit: number): Promise<{ id: number; label: unknown; stage: string; at: string }[]> {
    if (!this.def.review) return [];
    const table = this.def.table;
    let qb = this.db
      .selectFrom('drafts')
      .innerJoin(table, `${table}.id`, 'drafts.record_id')
      .where('drafts.resource', '=', this.def.resource)
      .where(`${table}.app_key`, '=', appKey)
      .where('drafts.review_stage', 'in', ['in_review', 'approved']);
    if (hasTrash(this.def)) qb = qb.where(`${table}.deleted_at`, 'is', null);
    const rows = await qb
      .select([
        `${table}.id as id`,
        `${table}.${this.def.labelField} as label`,
        'drafts.data as data',
        'drafts.review_stage as stage',
        'drafts.updated_at as at',
      ])
      .orderBy('drafts.updated_at', 'asc')
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const data = JSON.parse(String(row.data)) as Record<string, unknown>;
      return { id: Number(row.id), label: data[this.def.labelField] ?? row.label, stage: String(row.stage), at: String(row.at) };
    });
  }

  /** Live rows with a draft waiting, newest draft first: id, label, who saved the draft and when. */
  async drafted(appKey: string, limit: number): Promise<{ id: number; label: unknown; by: string | null; at: string }[]> {
    const table = this.def.table;
    let qb = this.db
      .selectFrom('drafts')
      .innerJoin(table, `${table}.id`, 'drafts.record_id')
      .where('drafts.resource', '=', this.def.resource)
      .where(`${table}.app_key`, '=', appKey);
    if (hasTrash(this.def)) qb = qb.where(`${table}.deleted_at`, 'is', null);
    const rows = await qb
      .select([
        `${table}.id as id`,
        `${table}.${this.def.labelField} as label`,
        'drafts.user_name as by',
        'drafts.updated_at as at',
      ])
      .orderBy('drafts.updated_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      id: Number(row.id),
      label: row.label,
      by: (row.by as string | null) ?? null,
      at: String(row.at),
    }));
  }

  /** Moves a live row to the Trash (or, with `restore`, a trashed one back); false when there was none. */
  async trash(appKey: string, id: number, restore = false): Promise<boolean> {
    this.forgetCounts();
    const result = await this.db
      .updateTable(this.def.table)
      .set({ deleted_at: restore ? null : now() })
      .where('id', '=', id)
      .where('app_key', '=', appKey)
      .where('deleted_at', restore ? 'is not' : 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Erases rows that went to the Trash before `cutoff`; answers their ids. */
  async eraseTrashedBefore(cutoff: string): Promise<number[]> {
    this.forgetCounts();
    const rows = await this.db
      .deleteFrom(this.def.table)
      .where('deleted_at', 'is not', null)
      .where('deleted_at', '<', cutoff)
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /** Erases a row for good, live or trashed. */
  async delete(appKey: string | null, id: number): Promise<boolean> {
    this.forgetCounts();
    let qb = this.db.deleteFrom(this.def.table).where('id', '=', id);
    if (this.def.tenant && appKey !== null) qb = qb.where('app_key', '=', appKey);
    const result = await qb.executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
