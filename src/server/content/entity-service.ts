/**
 * What happens around a write, for every entity: defaults, generated slugs, relation checks
 * (same application, no cycles), unique values, idempotent creates. Entity-specific rules are
 * small hook files (users' passwords), never flags in here.
 */
import { createHash } from 'node:crypto';
import {
  type ColumnValue,
  createDefaults,
  type EntityDef,
  entityByResource,
  hasTrash,
  type RecordOf,
} from '../../shared/entities';
import { LIMITS } from '../../shared/limits';
import type { Cache } from '../cache/cache';
import { type DB, isUniqueViolation, now } from '../db/database';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import type { Kysely, Transaction } from 'kysely';
import type { LooseTables, Tables } from '../db/schema';
import { Repository, type Row, type Visibility, type WriteValues } from './repository';
import { claimPendingOfSave, withLandedUploads } from '../media/pending-refs';
import { keepRevision } from './revisions';
import { slugify } from './slug';
import { stageOnSave } from './review';

/** Who makes a write: the signed-in user and their session. */
export interface Actor {
  id: number;
  /** Shown in History as who saved. */
  name?: string;
  sessionId?: number;
  /** The user's right reaches only records they created (the entity's ownerField). */
  ownOnly?: boolean;
  /** The API token the write came with (a pending picture is the token's, not the person's sessions'). */
  tokenId?: number;
  /** Their role: whether their work must pass review before it is public (content/review.ts). */
  role?: string;
}

export interface WriteContext<E extends EntityDef = EntityDef> {
  mode: 'create' | 'update' | 'delete';
  appKey: string;
  existing?: RecordOf<E>;
  /** The database the write goes to, for hooks that read another table. */
  db: DB;
  actor?: Actor;
}

export interface EntityHooks<E extends EntityDef = EntityDef> {
  /** Transforms validated input before it is stored, or throws an HttpError. */
  beforeWrite?(values: WriteValues, ctx: WriteContext<E>): Promise<WriteValues> | WriteValues;
  /** Refuses a delete by throwing an HttpError. */
  beforeDelete?(ctx: WriteContext<E> & { existing: RecordOf<E> }): Promise<void> | void;
  /** Runs after an update was stored (users end their other sessions on a new password). */
  afterUpdate?(row: RecordOf<E>, ctx: WriteContext<E> & { existing: RecordOf<E>; values: WriteValues }): Promise<void> | void;
}

/**
 * Where records' public addresses are followed (content/redirects.ts): a slug change leads the old
 * address to the new one, a purge makes it gone.
 */
export interface AddressBook {
  hasAddress(def: EntityDef): boolean;
  addressesOf(appKey: string, def: EntityDef, row: Record<string, unknown>): Promise<Map<string, string>>;
  moved(appKey: string, before: Map<string, string>, after: Map<string, string>): Promise<void>;
  gone(appKey: string, addresses: readonly string[]): Promise<void>;
}

export interface UpdateResult<E extends EntityDef> {
  row: RecordOf<E>;
  /** The record as it was before this update (for the activity log). */
  before: RecordOf<E>;
}

/** An Idempotency-Key and who sent it (keys of different users never meet). */
export interface Idempotency {
  key: string;
  caller: string;
}

/** The request a key is bound to: the resource and its body, independent of key order. */
export function hashRequest(resource: string, input: WriteValues): string {
  const sorted = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, sorted((value as WriteValues)[k])]),
        )
      : value;
  return createHash('sha256')
    .update(JSON.stringify([resource, sorted(input)]))
    .digest('base64url');
}

/**
 * The record an earlier request with this Idempotency-Key (`caller:key`) made or acted on, or
 * undefined for a key not seen yet; the same key with another request (`what` names the route
 * kind: a resource's creates, or one review step) is refused (422). Creates and review steps
 * share it (routes/review.ts).
 */
export async function keyedRecord(
  db: DB,
  appKey: string,
  key: string,
  what: string,
  requestHash: string,
): Promise<number | undefined> {
  const hit = await db
    .selectFrom('idempotency_keys')
    .select(['record_id', 'resource', 'request_hash'])
    .where('app_key', '=', appKey)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!hit) return undefined;
  if (hit.resource !== what || (hit.request_hash !== null && hit.request_hash !== requestHash)) {
    throw new HttpError(422, 'This Idempotency-Key was already used for a different request', {
      'Idempotency-Key': 'Already used for a different request: send a new key',
    });
  }
  return hit.record_id;
}

/** Remembers a key with the record its request made or acted on, in the write's own transaction. */
export async function keepKey(
  db: DB,
  row: { appKey: string; key: string; what: string; recordId: number; requestHash: string },
): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({
      app_key: row.appKey,
      key: row.key,
      resource: row.what,
      record_id: row.recordId,
      created_at: now(),
      request_hash: row.requestHash,
    })
    .execute();
}

export interface CreateResult<E extends EntityDef> {
  row: RecordOf<E>;
  /** True when an earlier create with the same Idempotency-Key is answered again. */
  replayed: boolean;
}

export class EntityService<E extends EntityDef = EntityDef> {
  readonly repo: Repository<E>;

  constructor(
    private readonly db: DB,
    readonly def: E,
    private readonly hooks: EntityHooks<E> = {},
    cache?: Cache,
    /** How many earlier states History keeps per record (the run-time setting). */
    private readonly revisionsToKeep: () => Promise<number> = async () => LIMITS.revisionsPerRecord,
    private readonly addresses?: AddressBook,
  ) {
    this.repo = new Repository(db, def, cache);
  }

  /**
   * Creates a record. With an Idempotency-Key (`idempotency.key`, scoped to the caller and the
   * site) a repeat of the same request returns the first record instead of a second one; the same
   * key with another request is refused (422), and a repeat after that record was deleted says so
   * (410).
   */
  async create(appKey: string, input: WriteValues, idempotency?: Idempotency, actor?: Actor): Promise<CreateResult<E>> {
    const key = idempotency && `${idempotency.caller}:${idempotency.key}`;
    const requestHash = idempotency && hashRequest(this.def.resource, input);
    if (key) {
      const replay = await this.replay(appKey, key, requestHash!);
      if (replay) return { row: replay, replayed: true };
    }
    let values: WriteValues = { ...createDefaults(this.def), ...input };
    values = await this.prepare(values, { mode: 'create', appKey, db: this.db, actor });
    if (this.def.ownerField && actor) values[this.def.ownerField] = actor.id;
    if (this.def.review) {
      // A new record's stage is the server's to decide, never the client's.
      delete values.review_stage;
      await stageOnSave(this.db, appKey, values, actor);
    }
    try {
      const row = await this.db.transaction().execute(async (trx) => {
        const row = await this.repo.insert(appKey, values, trx);
        if (key) await keepKey(trx, { appKey, key, what: this.def.resource, recordId: row.id, requestHash: requestHash! });
        return row;
      });
      return { row, replayed: false };
    } catch (error) {
      if (isUniqueViolation(error)) {
        const replay = key ? await this.replay(appKey, key, requestHash!) : undefined;
        if (replay) return { row: replay, replayed: true };
        throw conflict('id', 'A record with the same unique value already exists');
      }
      throw error;
    }
  }

  /**
   * Saves changes as the record's next version. `basedOn` is the version the client edited: if
   * someone saved since, nothing is written and the answer is a 409 with the stored record, so a
   * person can compare and choose. Without it (the spec's own client sends none) the save lands.
   * `alsoInTransaction` writes what must land with the save or not at all (a review step's
   * notifications): it runs only when the save is written.
   */
  async update(
    appKey: string,
    id: number,
    input: WriteValues,
    actor?: Actor,
    basedOn?: number,
    alsoInTransaction?: (trx: Transaction<Tables>) => Promise<unknown>,
  ): Promise<UpdateResult<E>> {
    const existing = await this.forWrite(appKey, id, actor);
    if (basedOn !== undefined && existing.version !== basedOn) {
      // A repeat of a save that already landed (its answer was lost, the outbox sent it again)
      // asks for what is stored: that is no conflict, and nothing needs writing. A pending picture
      // it names counts as the address its landed upload gave the record.
      const asStored = this.def.tenant ? await withLandedUploads(this.db, appKey, input) : input;
      if (this.alreadyStored(asStored, existing)) return { row: existing, before: existing };
      throw this.staleVersion(existing, basedOn);
    }
    this.refuseFixedChanges(input, existing);
    const ctx = { mode: 'update' as const, appKey, existing, db: this.db, actor };
    const values = await this.prepare({ ...input }, ctx);
    if (this.def.review) await stageOnSave(this.db, appKey, values, actor, existing as Row);
    let row: RecordOf<E> | undefined;
    const keep = await this.revisionsToKeep();
    try {
      // The earlier state goes to History in the same transaction as the write: never one without the other.
      row = await this.db.transaction().execute(async (trx) => {
        const updated = await this.repo.update(appKey, id, values, basedOn, trx);
        if (updated) await keepRevision(trx, this.def, existing as Row, actor, keep);
        if (updated) await alsoInTransaction?.(trx);
        return updated;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('id', 'A record with the same unique value already exists');
      throw error;
    }
    if (!row) {
      // Someone saved between the read above and this write.
      const current = await this.repo.get(appKey, id);
      if (!current) throw notFound(this.def.formTitle);
      throw this.staleVersion(current, basedOn!);
    }
    await this.hooks.afterUpdate?.(row, { ...ctx, values });
    const slug = this.def.slug?.field;
    if (slug && this.addresses?.hasAddress(this.def) && (existing as Row)[slug] !== (row as Row)[slug]) {
      await this.addresses.moved(
        appKey,
        await this.addresses.addressesOf(appKey, this.def, existing as Row),
        await this.addresses.addressesOf(appKey, this.def, row as Row),
      );
    }
    return { row, before: existing };
  }

  /**
   * Deletes a record and returns it as it was: a site's content goes to the Trash (its children
   * keep pointing at it, so a restore brings them back attached); `permanent` erases it, from the
   * Trash or not, with its history and draft.
   */
  async delete(appKey: string, id: number, actor?: Actor, permanent = false): Promise<RecordOf<E>> {
    const trash = hasTrash(this.def) && !permanent;
    const existing = await this.forWrite(appKey, id, actor, trash ? 'live' : 'any');
    await this.hooks.beforeDelete?.({ mode: 'delete', appKey, existing, db: this.db, actor });
    if (trash) {
      if (!(await this.repo.trash(appKey, id))) throw notFound(this.def.formTitle);
      return existing;
    }
    // Read before its translations go: the addresses it had in every language.
    const addresses = await this.addressesOf(existing as Row);
    if (!(await this.repo.delete(appKey, id))) throw notFound(this.def.formTitle);
    await this.eraseTraces([id]);
    await this.addresses?.gone(appKey, addresses);
    return existing;
  }

  /** Brings a record back from the Trash, as it was. */
  async restore(appKey: string, id: number, actor?: Actor): Promise<RecordOf<E>> {
    await this.forWrite(appKey, id, actor, 'trashed');
    if (!(await this.repo.trash(appKey, id, true))) throw notFound(this.def.formTitle);
    return (await this.repo.get(appKey, id))!;
  }

  /** Erases what went to the Trash more than LIMITS.trashDays ago, on every site; answers how many. */
  async eraseExpiredTrash(at = Date.now()): Promise<number> {
    if (!hasTrash(this.def)) return 0;
    const cutoff = new Date(at - LIMITS.trashDays * 86_400_000).toISOString();
    // The addresses of what is about to be erased, by site, read while its translations are there.
    const gone = new Map<string, string[]>();
    if (this.addresses?.hasAddress(this.def)) {
      const expiring = await (this.db as unknown as Kysely<LooseTables>)
        .selectFrom(this.def.table)
        .selectAll()
        .where('deleted_at', 'is not', null)
        .where('deleted_at', '<', cutoff)
        .execute();
      for (const row of expiring) {
        const appKey = String(row.app_key);
        gone.set(appKey, [...(gone.get(appKey) ?? []), ...(await this.addressesOf(row))]);
      }
    }
    const ids = await this.repo.eraseTrashedBefore(cutoff);
    await this.eraseTraces(ids);
    for (const [appKey, addresses] of gone) await this.addresses!.gone(appKey, addresses);
    return ids.length;
  }

  /** A record's public addresses (none for an entity without them). */
  private async addressesOf(row: Row): Promise<string[]> {
    if (!this.addresses?.hasAddress(this.def) || typeof row.app_key !== 'string') return [];
    return [...(await this.addresses.addressesOf(row.app_key, this.def, row)).values()];
  }

  /** History, drafts and translations of records that no longer exist. */
  private async eraseTraces(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    for (const table of ['revisions', 'drafts', 'translations'] as const) {
      await this.db.deleteFrom(table).where('resource', '=', this.def.resource).where('record_id', 'in', ids).execute();
    }
  }

  /** A field given at creation (an application's key) may be sent again unchanged, never changed. */
  private refuseFixedChanges(input: WriteValues, existing: RecordOf<E>): void {
    for (const [name, field] of Object.entries(this.def.fields)) {
      if (!field.fixed || input[name] === undefined || input[name] === (existing as Row)[name]) continue;
      const message = `${field.label} cannot change once the ${this.def.formTitle.toLowerCase()} exists`;
      throw badRequest(message, { [name]: message });
    }
  }

  /** Whether every field of `input` already holds that value (a write-only field never does). */
  private alreadyStored(input: WriteValues, stored: RecordOf<E>): boolean {
    return Object.entries(input).every(([name, value]) => {
      const field = this.def.fields[name];
      return field !== undefined && !field.writeOnly && !field.virtual && (stored as Row)[name] === value;
    });
  }

  /** The 409 of a write based on a version that is no longer the stored one, carrying the stored record. */
  staleVersion(current: RecordOf<E>, basedOn: number): HttpError {
    return new HttpError(
      409,
      `This ${this.def.formTitle.toLowerCase()} was saved by someone else since you opened it (version ${basedOn}, now ${current.version})`,
      { version: `Based on version ${basedOn}; the saved one is ${current.version}` },
      {},
      { current },
    );
  }

  /** The record a write is about; 404 when there is none, 403 when the actor may only touch their own. */
  async forWrite(appKey: string, id: number, actor?: Actor, visibility?: Visibility): Promise<RecordOf<E>> {
    const existing = await this.repo.get(appKey, id, visibility);
    if (!existing) throw notFound(this.def.formTitle);
    if (actor?.ownOnly) {
      const owner = this.def.ownerField ? (existing as Row)[this.def.ownerField] : undefined;
      if (owner !== actor.id)
        throw new HttpError(403, `Your role allows you to change only your own ${this.def.title.toLowerCase()}`);
    }
    return existing;
  }

  private async replay(appKey: string, key: string, requestHash: string): Promise<RecordOf<E> | undefined> {
    const recordId = await keyedRecord(this.db, appKey, key, this.def.resource, requestHash);
    if (recordId === undefined) return undefined;
    const row = await this.repo.get(appKey, recordId);
    if (!row) {
      throw new HttpError(410, `The ${this.def.formTitle} created with this Idempotency-Key has since been deleted`, {
        'Idempotency-Key': 'Its record was deleted',
      });
    }
    return row;
  }

  private async prepare(values: WriteValues, ctx: WriteContext<E>): Promise<WriteValues> {
    let result = this.hooks.beforeWrite ? await this.hooks.beforeWrite(values, ctx) : values;
    if (this.def.tenant && ctx.actor) {
      const caller = { userId: ctx.actor.id, tokenId: ctx.actor.tokenId ?? null };
      await claimPendingOfSave(this.db, ctx.appKey, result, ctx.existing as Row | undefined, caller);
    }
    if (this.def.tenant) result = await withLandedUploads(this.db, ctx.appKey, result);
    result = Object.fromEntries(Object.entries(result).filter(([name]) => !this.def.fields[name]?.virtual));
    await this.fillSlug(result, ctx);
    await this.checkRelations(result, ctx);
    await this.checkUnique(result, ctx);
    return result;
  }

  private async fillSlug(values: WriteValues, ctx: WriteContext<E>): Promise<void> {
    const spec = this.def.slug;
    if (!spec) return;
    const given = values[spec.field];
    if (given === undefined && ctx.mode === 'update') return;
    const label = this.def.fields[spec.field]!.label;
    const reserved = new Set(spec.reserved ?? []);
    if (typeof given === 'string' && given.trim() !== '') {
      // One pattern for every slug: lower-case letters and digits in words joined by '-'.
      const slug = slugify(given);
      const problem = !slug
        ? `${label} must contain letters or digits`
        : reserved.has(slug)
          ? `${label} "${slug}" is an address the site itself uses`
          : undefined;
      if (problem) throw badRequest(problem, { [spec.field]: problem });
      values[spec.field] = slug;
      return;
    }
    const source = String(values[spec.from] ?? (ctx.existing as Row | undefined)?.[spec.from] ?? '');
    const base = slugify(source) || this.def.table.replace(/_/g, '-');
    let candidate = base;
    for (
      let n = 2;
      reserved.has(candidate) || (await this.repo.exists(ctx.appKey, spec.field, candidate, ctx.existing?.id as number, 'any'));
      n++
    ) {
      candidate = `${base}-${n}`;
    }
    values[spec.field] = candidate;
  }

  private async checkRelations(values: WriteValues, ctx: WriteContext<E>): Promise<void> {
    for (const [name, field] of Object.entries(this.def.fields)) {
      const value = values[name];
      if (field.kind !== 'relation' || value === undefined || value === null) continue;
      // A record whose parent is in the Trash keeps pointing at it (and can still be saved).
      if (ctx.existing && (ctx.existing as Row)[name] === value) continue;
      const target = entityByResource(field.relation.entity)!;
      const repo = target === this.def ? this.repo : new Repository(this.db, target);
      if (!(await repo.exists(ctx.appKey, 'id', value as ColumnValue))) {
        throw badRequest(`${field.label} ${value} does not exist`, { [name]: `${field.label} ${value} does not exist` });
      }
      if (target === this.def && ctx.existing) await this.refuseCycle(name, Number(value), Number(ctx.existing.id), ctx);
    }
  }

  /** A menu or category may not become its own ancestor. */
  private async refuseCycle(field: string, parentId: number, selfId: number, ctx: WriteContext<E>): Promise<void> {
    const message = `${this.def.fields[field]!.label} cannot be the item itself or one of its children`;
    const seen = new Set<number>();
    for (let current: number | null = parentId; current !== null && !seen.has(current);) {
      if (current === selfId) throw badRequest(message, { [field]: message });
      seen.add(current);
      const parent: Row | undefined = await this.repo.get(ctx.appKey, current);
      current = parent?.[field] == null ? null : Number(parent[field]);
    }
  }

  private async checkUnique(values: WriteValues, ctx: WriteContext<E>): Promise<void> {
    for (const [name, field] of Object.entries(this.def.fields)) {
      const value = values[name];
      if (!field.unique || value === undefined || value === null || value === '') continue;
      const exceptId = ctx.existing?.id as number | undefined;
      // A value held by a record in the Trash stays taken, so restoring that record never collides.
      if (await this.repo.exists(ctx.appKey, name, value as ColumnValue, exceptId, 'any')) {
        const inTrash = !(await this.repo.exists(ctx.appKey, name, value as ColumnValue, exceptId));
        throw conflict(
          name,
          inTrash
            ? `${field.label} "${String(value)}" is used by a ${this.def.formTitle.toLowerCase()} in the Trash: restore it, or delete it permanently first`
            : `${field.label} "${String(value)}" is already used`,
        );
      }
    }
  }
}
