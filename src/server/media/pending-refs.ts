/**
 * Pending references (shared/pending-upload.ts) on the server: a landed upload replaces its
 * reference in every record of its site that names it, and a save naming the reference of an
 * upload that has already landed stores the file's address instead. Either order ends with the
 * address in the record. The replacement is not a new version of the record: it is what the
 * editor meant when they saved, and a save still waiting in their outbox must not conflict with it.
 */
import { ENTITIES, type EntityDef } from '../../shared/entities';
import { pendingTokenOf, pendingRef } from '../../shared/pending-upload';
import { fileUrl } from '../../shared/renditions';
import type { DB } from '../db/database';
import type { AnyDb } from '../ops/rows';

/** Each site entity's picture fields: where a pending reference may stand. */
const PICTURE_FIELDS: [EntityDef, string[]][] = Object.values(ENTITIES as Record<string, EntityDef>)
  .filter((def) => def.tenant)
  .map((def): [EntityDef, string[]] => [
    def,
    Object.entries(def.fields)
      .filter(([, fd]) => fd.kind === 'image' && !fd.virtual)
      .map(([name]) => name),
  ])
  .filter(([, fields]) => fields.length > 0);

/** Every picture field of the site's records that holds `from` (a pending reference, or a replaced file's address) gets `to`. */
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
