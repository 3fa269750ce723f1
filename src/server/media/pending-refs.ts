/**
 * Pending references (shared/pending-upload.ts) on the server. A reference belongs to the caller
 * who first named it (a person's sessions, or one API token): by saving a record that holds it, or
 * by starting the upload that carries it (`pending_uploads`). Anyone else naming it anew is
 * refused, so only the upload of the person who saved the record fills it, and only in records
 * that person may still update, as a save of theirs (fill-pending.ts). A save naming the
 * reference of an upload of theirs that has already landed stores the file's address instead.
 * Either order ends with the address in the record.
 */
import { ENTITIES, type EntityDef } from '../../shared/entities';
import { HttpError } from '../errors';
import { pendingTokenOf, pendingRef } from '../../shared/pending-upload';
import { fileUrl } from '../../shared/renditions';
import { type DB, now } from '../db/database';
import type { AnyDb } from '../ops/rows';

/** Each site entity's picture fields: where a pending reference may stand. */
export const PICTURE_FIELDS: [EntityDef, string[]][] = Object.values(ENTITIES as Record<string, EntityDef>)
  .filter((def) => def.tenant)
  .map((def): [EntityDef, string[]] => [
    def,
    Object.entries(def.fields)
      .filter(([, fd]) => fd.kind === 'image' && !fd.virtual)
      .map(([name]) => name),
  ])
  .filter(([, fields]) => fields.length > 0);

/** Every picture field of the site's records that holds `from` (a replaced file's address) gets `to`. */
export async function replaceReference(database: DB, appKey: string, from: string, to: string): Promise<void> {
  const db = database as unknown as AnyDb;
  for (const [def, fields] of PICTURE_FIELDS) {
    for (const field of fields) {
      await db
        .updateTable(def.table)
        .set({ [field]: to })
        .where('app_key', '=', appKey)
        .where(field, '=', from)
        .execute();
    }
  }
}

/** `values` with the pending references of uploads that have landed replaced by their addresses. */
export async function withLandedUploads<V extends Record<string, unknown>>(db: DB, appKey: string, values: V): Promise<V> {
  const tokens = Object.values(values).flatMap((value) => pendingTokenOf(value) ?? []);
  if (tokens.length === 0) return values;
  const landed = await db
    .selectFrom('files')
    .select(['name', 'pending_ref'])
    .where('app_key', '=', appKey)
    .where('pending_ref', 'in', tokens.map(pendingRef))
    .execute();
  const addressOf = new Map(landed.map((row) => [row.pending_ref, fileUrl(row.name)]));
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, (typeof value === 'string' && addressOf.get(value)) || value]),
  ) as V;
}

/** Who names a pending reference: a person (any of their sessions), or one of their API tokens. */
export interface Caller {
  userId: number;
  tokenId: number | null;
}

/**
 * Claims the reference `token` of the site for `caller` unless another caller named it first;
 * answers whether it is the caller's.
 */
export async function claimPending(db: DB, appKey: string, token: string, caller: Caller): Promise<boolean> {
  await db
    .insertInto('pending_uploads')
    .values({ app_key: appKey, token, user_id: caller.userId, api_token_id: caller.tokenId, created_at: now() })
    .onConflict((oc) => oc.columns(['app_key', 'token']).doNothing())
    .execute();
  const owner = await db
    .selectFrom('pending_uploads')
    .select(['user_id', 'api_token_id'])
    .where('app_key', '=', appKey)
    .where('token', '=', token)
    .executeTakeFirst();
  return owner?.user_id === caller.userId && (owner.api_token_id ?? null) === caller.tokenId;
}

/**
 * Refuses (403, on the field) a save that names anew a pending reference another caller named
 * first. A reference the record already held is no new claim: a colleague saving the record keeps
 * it, and the owner's upload still fills it.
 */
export async function claimPendingOfSave(
  db: DB,
  appKey: string,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | undefined,
  caller: Caller,
): Promise<void> {
  for (const [field, value] of Object.entries(values)) {
    const token = pendingTokenOf(value);
    if (!token || existing?.[field] === value) continue;
    if (!(await claimPending(db, appKey, token, caller))) {
      const message = 'This picture is another person’s upload in progress: choose or upload one of your own';
      throw new HttpError(403, message, { [field]: message });
    }
  }
}
