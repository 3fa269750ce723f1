/**
 * Drafts of live content: changes to a page, post or slide saved without touching what visitors
 * see, one draft per record, kept with the version of the record they were based on. Publishing
 * is a save of the draft as the record's next version (so a record saved by someone else since
 * is a 409 to compare, as with any save).
 */
import { type DB, now } from '../db/database';
import type { Actor } from './entity-service';
import type { WriteValues } from './repository';

export interface Draft {
  /** The fields as the draft has them (only those it changed or was given). */
  data: WriteValues;
  /** The record's version the draft was based on. */
  version: number;
  user_id: number | null;
  user_name: string | null;
  updated_at: string;
}

export async function getDraft(db: DB, resource: string, recordId: number): Promise<Draft | undefined> {
  const row = await db
    .selectFrom('drafts')
    .select(['data', 'version', 'user_id', 'user_name', 'updated_at'])
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row ? { ...row, data: JSON.parse(row.data) as WriteValues } : undefined;
}

export async function saveDraft(
  db: DB,
  target: { resource: string; recordId: number; appKey: string },
  data: WriteValues,
  version: number,
  actor: Actor,
): Promise<Draft> {
  const draft = {
    data: JSON.stringify(data),
    version,
    user_id: actor.id,
    user_name: actor.name ?? null,
    updated_at: now(),
  };
  await db
    .insertInto('drafts')
    .values({ resource: target.resource, record_id: target.recordId, app_key: target.appKey, ...draft })
    .onConflict((oc) => oc.columns(['resource', 'record_id']).doUpdateSet(draft))
    .execute();
  return { ...draft, data };
}

/**
 * Deletes a record's draft; given `only`, just that draft: a draft saved since (while it was being
 * published) stays, to be published or discarded in its turn.
 */
export async function discardDraft(db: DB, resource: string, recordId: number, only?: Draft): Promise<boolean> {
  let query = db.deleteFrom('drafts').where('resource', '=', resource).where('record_id', '=', recordId);
  if (only) query = query.where('updated_at', '=', only.updated_at).where('data', '=', JSON.stringify(only.data));
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
