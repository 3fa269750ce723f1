/**
 * Review before publishing (issue #61). A site's `review` setting says whose pages, posts and
 * slides must pass an editor before visitors see them: `nobody` (the default: everything is as it
 * was before review existed), `authors`, or `everyone`. A record that must pass review is saved in
 * the `draft` stage, is submitted (`in_review`), approved (`approved`) and published, which empties
 * its `review_stage`: only then do visitors see it (content/visibility.ts), at its publish time if
 * that is later. "Changes requested" sends it back to `draft` with the reviewer's comment.
 *
 * A stage change is a save of the record like any other (EntityService.update): it makes a version
 * and a revision, meets the version check, and forgets the kept public answers.
 */
import type { ReviewStage } from '../../shared/entities';
import { type DB, now } from '../db/database';
import { HttpError } from '../errors';
import type { Actor } from './entity-service';
import type { Row, WriteValues } from './repository';

export type ReviewSetting = 'nobody' | 'authors' | 'everyone';
export type ReviewAction = 'submit' | 'approve' | 'request-changes' | 'publish';
export const REVIEW_ACTIONS: readonly ReviewAction[] = ['submit', 'approve', 'request-changes', 'publish'];

/** A record's stage; null once it has passed review (or never had to). */
export type Stage = ReviewStage | null;

export async function reviewSettingOf(db: DB, appKey: string): Promise<{ review: ReviewSetting; selfApproval: boolean }> {
  const row = await db
    .selectFrom('applications')
    .select(['review', 'review_self_approval'])
    .where('app_key', '=', appKey)
    .executeTakeFirst();
  const review = row?.review === 'authors' || row?.review === 'everyone' ? row.review : 'nobody';
  return { review, selfApproval: row?.review_self_approval === 1 };
}

/** Whether what `role` writes on a site with `setting` must pass review before it is public. */
export const mustPassReview = (setting: ReviewSetting, role: string | undefined): boolean =>
  setting === 'everyone' || (setting === 'authors' && role === 'author');

/**
 * The stage a save leaves a record in, for an entity under review. A new record starts as a
 * draft when its maker must pass review. A change to one already submitted or approved sends it
 * back to draft: what was reviewed is no longer what would be published. A change to a record
 * that has passed, by someone who must pass review, is refused: it would be public at once, so
 * it belongs in the record's draft (visitors keep the published version meanwhile).
 */
export async function stageOnSave(
  db: DB,
  appKey: string,
  values: WriteValues,
  actor: Actor | undefined,
  existing?: Row,
): Promise<void> {
  if ('review_stage' in values) return; // a review transition sets it itself
  const { review } = await reviewSettingOf(db, appKey);
  const reviewed = Boolean(actor) && mustPassReview(review, actor?.role);
  if (!existing) {
    values.review_stage = reviewed ? 'draft' : null;
    return;
  }
  const stage = (existing.review_stage ?? null) as Stage;
  if (stage === null && reviewed) {
    throw new HttpError(
      409,
      'This site reviews your changes before they are public: save them as a draft, which an editor publishes',
      { review_stage: 'Published records are changed through their draft on this site' },
    );
  }
  if (stage === 'in_review' || stage === 'approved') values.review_stage = 'draft';
}

/** Where each transition may start, and where it leaves the record. */
const MOVES: Record<ReviewAction, { from: readonly Stage[]; to: Stage }> = {
  submit: { from: ['draft'], to: 'in_review' },
  approve: { from: ['in_review'], to: 'approved' },
  'request-changes': { from: ['in_review', 'approved'], to: 'draft' },
  publish: { from: ['approved'], to: null },
};

const STAGE_WORDS: Record<ReviewStage | 'published', string> = {
  draft: 'a draft',
  in_review: 'in review',
  approved: 'approved',
  published: 'published',
};

/**
 * The stage `action` moves a record (or, with `what` = `draft`, a live record's draft) from
 * `stage` to, or a 409 naming where it stands. Publishing a draft or a submitted record directly
 * (without approval) is for those whose own work needs no review; `direct` says that happened, so
 * the history can say so. A draft without a stage needs no review (an editor's): it is published
 * as drafts always were.
 */
export function nextStage(
  action: ReviewAction,
  stage: Stage,
  canSkipReview: boolean,
  what: 'record' | 'draft' = 'record',
): { to: Stage; direct: boolean } {
  const move = MOVES[action];
  if (move.from.includes(stage)) return { to: move.to, direct: false };
  if (action === 'publish' && stage !== null && canSkipReview) return { to: null, direct: true };
  const where = stage === null && what === 'draft' ? 'not under review' : STAGE_WORDS[stage ?? 'published'];
  throw new HttpError(409, `Cannot ${action.replace('-', ' ')}: the ${what} is ${where}`, {
    review_stage: `The ${what} is ${where}`,
  });
}

/**
 * The stage a save leaves a live record's draft in: a draft in review or approved goes back to
 * `draft` (what was reviewed is no longer what would be published), as does any draft saved by
 * someone who must pass review; one saved by someone who needs none keeps the stage it had.
 */
export function draftStageOnSave(reviewed: boolean, earlier: Stage | undefined): Stage {
  if (earlier === 'in_review' || earlier === 'approved' || earlier === 'draft') return 'draft';
  return reviewed ? 'draft' : null;
}

/** Who last submitted the record for review (the activity log's entry), to refuse approving one's own. */
export async function submitterOf(db: DB, appKey: string, entity: string, recordId: number): Promise<number | null> {
  const row = await db
    .selectFrom('activity')
    .select('user_id')
    .where('app_key', '=', appKey)
    .where('entity', '=', entity)
    .where('record_id', '=', recordId)
    .where('action', '=', 'review-submit')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export interface ReviewComment {
  id: number;
  version: number;
  parent_id: number | null;
  user_id: number | null;
  user_name: string | null;
  action: string | null;
  body: string;
  created_at: string;
  /** 1 when the comment is about the record's draft. */
  on_draft: number;
}

export interface CommentTarget {
  appKey: string;
  resource: string;
  recordId: number;
  /** The record's version, or for a comment on the draft, the draft's revision. */
  version: number;
  onDraft?: boolean;
}

export async function addComment(
  db: DB,
  target: CommentTarget,
  comment: { body: string; parentId?: number | null; action?: string | null },
  actor: Actor,
): Promise<ReviewComment> {
  if (comment.parentId != null) {
    const parent = await db
      .selectFrom('review_comments')
      .select('id')
      .where('id', '=', comment.parentId)
      .where('app_key', '=', target.appKey)
      .where('resource', '=', target.resource)
      .where('record_id', '=', target.recordId)
      .executeTakeFirst();
    if (!parent) throw new HttpError(400, 'The comment answered is not in this thread', { parent_id: 'Not in this thread' });
  }
  const row = await db
    .insertInto('review_comments')
    .values({
      app_key: target.appKey,
      resource: target.resource,
      record_id: target.recordId,
      version: target.version,
      parent_id: comment.parentId ?? null,
      user_id: actor.id,
      user_name: actor.name?.slice(0, 255) ?? null,
      action: comment.action ?? null,
      body: comment.body,
      created_at: now(),
      on_draft: target.onDraft ? 1 : 0,
    })
    .returning(['id', 'version', 'parent_id', 'user_id', 'user_name', 'action', 'body', 'created_at', 'on_draft'])
    .executeTakeFirstOrThrow();
  return row;
}

/** A record's review thread, oldest first (a reply names the comment it answers). */
export async function commentsOf(db: DB, appKey: string, resource: string, recordId: number): Promise<ReviewComment[]> {
  return db
    .selectFrom('review_comments')
    .select(['id', 'version', 'parent_id', 'user_id', 'user_name', 'action', 'body', 'created_at', 'on_draft'])
    .where('app_key', '=', appKey)
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .orderBy('id', 'asc')
    .execute();
}
