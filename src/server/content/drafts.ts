/**
 * Drafts of live content: changes to a page, post or slide saved without touching what visitors
 * see, one draft per record, kept with the version of the record they were based on. Publishing
 * is a save of the draft as the record's next version (so a record saved by someone else since
 * is a 409 to compare, as with any save).
 *
 * On a site under review a draft has a stage of its own (content/review.ts): an author's draft
 * starts as `draft`, is submitted and approved, and its publishing applies it to the record.
 * `revision` moves on with each save of the draft, so a step taken on an older text is refused.
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
  /** The draft's review stage; null when it needs no review. */
  review_stage: string | null;
  revision: number;
}

export async function getDraft(db: DB, resource: string, recordId: number): Promise<Draft | undefined> {
  const row = await db
    .selectFrom('drafts')
    .select(['data', 'version', 'user_id', 'user_name', 'updated_at', 'review_stage', 'revision'])
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
  reviewStage: string | null = null,
): Promise<Draft> {
  const draft = {
    data: JSON.stringify(data),
    version,
    user_id: actor.id,
    user_name: actor.name ?? null,
    updated_at: now(),
    review_stage: reviewStage,
  };
  const row = await db
    .insertInto('drafts')
    .values({ resource: target.resource, record_id: target.recordId, app_key: target.appKey, ...draft })
    .onConflict((oc) =>
      oc.columns(['resource', 'record_id']).doUpdateSet((eb) => ({ ...draft, revision: eb('drafts.revision', '+', 1) })),
    )
    .returning('revision')
    .executeTakeFirstOrThrow();
  return { ...draft, data, revision: row.revision };
}

/**
 * Moves a draft's review stage from `from` to `to`, only if it is still at `revision` and `from`:
 * false when someone saved the draft or moved its stage meanwhile.
 */
export async function setDraftStage(
  db: DB,
  target: { resource: string; recordId: number },
  expected: { revision: number; from: string | null },
  to: string | null,
): Promise<boolean> {
  let query = db
    .updateTable('drafts')
    .set({ review_stage: to })
    .where('resource', '=', target.resource)
    .where('record_id', '=', target.recordId)
    .where('revision', '=', expected.revision);
  query = expected.from === null ? query.where('review_stage', 'is', null) : query.where('review_stage', '=', expected.from);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
