/**
 * Review before publishing (issue #61, content/review.ts): per entity under review, the record's
 * stage with its comment thread, a comment, and one endpoint per transition, each with its right:
 * submitting is an `update` (an author's on their own posts); approving, requesting changes and
 * publishing are a `review` (editors and admins).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { Tables } from '../db/schema';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EntityDef, ResourceName } from '../../shared/entities';
import { LIMITS } from '../../shared/limits';
import type { ActivityAction } from '../../shared/activity';
import { needs } from '../plugins/auth';
import { serviceFor } from '../plugins/context';
import { HttpError } from '../errors';
import { documented, withArticle } from '../openapi';
import {
  addComment,
  commentsOf,
  mustPassReview,
  nextStage,
  type ReviewAction,
  reviewSettingOf,
  type Stage,
  submitterOf,
} from '../content/review';
import { hashRequest, keepKey, keyedRecord } from '../content/entity-service';
import { type Draft, discardDraft, getDraft, setDraftStage } from '../content/drafts';
import { recordActivity, recordUpdate } from '../activity/activity-log';
import { isUniqueViolation } from '../db/database';
import { actorOf } from './history';
import { KIND_OF_ACTION } from '../notifications/notifications';
import { siteOrigin } from '../seo/origin';
import { idParams } from './schemas';
import { itemEnvelope, nullable, nullableObject, recordSchema } from './response-schemas';
import { withSavedBy } from './versions';

const commentText = z
  .string({ error: 'comment must be text' })
  .trim()
  .min(1, { error: 'Write a comment' })
  .max(LIMITS.reviewCommentLength, { error: `At most ${LIMITS.reviewCommentLength} characters` });
const version = z
  .number({ error: 'version must be a number' })
  .int()
  .positive()
  .optional()
  .describe("The record's version the step was taken on; with `target: draft`, the draft's `revision`");
/** A step or comment about the live record's draft rather than the record (a changed published record). */
const target = z
  .enum(['record', 'draft'], { error: 'target must be record or draft' })
  .optional()
  .describe("`draft`: the step is about the live record's draft (its own stage), not the record");
const transitionBody = z.object({ version, comment: commentText.optional(), target }).optional();
/** Changes are requested with the reason: the author has nothing to go on without it. */
const changesBody = z.object({ version, comment: commentText, target });
const commentBody = z.object({
  body: commentText,
  parent_id: z.number({ error: 'parent_id must be a number' }).int().positive().optional(),
  target,
});

/**
 * A step's or a comment's Idempotency-Key, scoped to the signed-in user who sent it: the outbox of
 * the back-office resends what got no answer (src/client/pwa/entity-saves.ts), and a resend must
 * not land twice. Without one, each request is a step of its own.
 */
const stepHeaders = z.object({ 'idempotency-key': z.string().min(8).max(200).optional() });
const stepKeyOf = (request: FastifyRequest, what: string, body: unknown) => {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return undefined;
  const params = request.params as { id: number };
  return { key: `user-${request.user.id}:${key}`, what, requestHash: hashRequest(what, { id: params.id, body }) };
};
/** A step on a draft saved since it was read: refused with the draft as it is now. */
const staleDraft = (draft: Draft) =>
  new HttpError(
    409,
    'The draft changed since you read it',
    { version: 'The draft was saved since' },
    {},
    { current: { ...draft.data, revision: draft.revision, review_stage: draft.review_stage } },
  );
const KEY_NOTE = ' An `Idempotency-Key` header makes a resend take effect once: the repeat is answered with what is stored now.';

const commentSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer' },
    parent_id: nullable('integer'),
    user_id: nullable('integer'),
    user_name: nullable('string'),
    action: nullable('string'),
    body: { type: 'string' },
    created_at: { type: 'string' },
    on_draft: { type: 'integer' },
  },
};

/** What each transition is called in the activity log (publishing keeps the log's own word). */
const LOGGED: Record<ReviewAction, ActivityAction> = {
  submit: 'review-submit',
  approve: 'review-approve',
  'request-changes': 'review-changes',
  publish: 'publish',
};

const SAID: Record<ReviewAction, string> = {
  submit: 'submitted for review',
  approve: 'approved',
  'request-changes': 'sent back with changes requested',
  publish: 'published',
};

export function reviewRoutes(app: FastifyInstance, name: ResourceName, def: EntityDef): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const service = serviceFor(app.ctx.services, name);
  const tags = [def.title];
  const doc = documented(def);
  const aLabel = withArticle(def.formTitle.toLowerCase());
  const appKeyOf = (request: FastifyRequest) => request.application.app_key;
  const draftOrNotFound = async (recordId: number) => {
    const draft = await getDraft(db, def.resource, recordId);
    if (!draft) throw new HttpError(404, 'Draft not found', { target: 'This record has no draft' });
    return draft;
  };

  api.get(
    `/${def.resource}/:id/review`,
    {
      config: needs(name, 'read'),
      schema: {
        ...doc('review.get', `Read ${aLabel}'s review: its stage and comment thread`),
        tags,
        params: idParams,
        response: {
          200: itemEnvelope({
            type: 'object',
            properties: {
              stage: nullable('string'),
              version: { type: 'integer' },
              draft: nullableObject({ stage: nullable('string'), revision: { type: 'integer' } }),
              comments: { type: 'array', items: commentSchema },
            },
          }),
        },
      },
    },
    async (request) => {
      const row = await service.repo.get(appKeyOf(request), request.params.id);
      if (!row) throw new HttpError(404, `${def.formTitle} not found`);
      const comments = await commentsOf(db, appKeyOf(request), def.resource, row.id);
      const draft = await getDraft(db, def.resource, row.id);
      return {
        data: {
          stage: (row.review_stage ?? null) as Stage,
          version: row.version,
          draft: draft ? { stage: draft.review_stage, revision: draft.revision } : null,
          comments,
        },
      };
    },
  );

  api.post(
    `/${def.resource}/:id/review/comments`,
    {
      config: needs(name, 'update'),
      schema: {
        ...doc(
          'review.comment',
          `Comment on ${aLabel}'s review`,
          'Kept with the version it was made on; `parent_id` answers a comment.' + KEY_NOTE,
        ),
        tags,
        params: idParams,
        headers: stepHeaders,
        body: commentBody,
        response: { 201: itemEnvelope(commentSchema) },
      },
    },
    async (request, reply) => {
      const appKey = appKeyOf(request);
      const row = await service.forWrite(appKey, request.params.id, actorOf(request));
      const keyed = stepKeyOf(request, `${def.resource}/review/comments`, request.body);
      const replay = async () => {
        const id = keyed && (await keyedRecord(db, appKey, keyed.key, keyed.what, keyed.requestHash));
        if (id === undefined) return undefined;
        void reply.header('Idempotent-Replayed', 'true');
        const [comment] = (await commentsOf(db, appKey, def.resource, row.id)).filter((c) => c.id === id);
        if (!comment)
          throw new HttpError(410, 'The comment sent with this Idempotency-Key is gone', {
            'Idempotency-Key': 'Its comment is gone',
          });
        return { message: 'Comment added', data: comment };
      };
      const replayed = await replay();
      if (replayed) return replayed;
      try {
        const comment = await db.transaction().execute(async (trx) => {
          // A comment about the draft is kept with the draft's revision it was made on.
          const draft = request.body.target === 'draft' ? await draftOrNotFound(row.id) : undefined;
          const made = await addComment(
            trx,
            {
              appKey,
              resource: def.resource,
              recordId: row.id,
              version: draft ? draft.revision : row.version,
              onDraft: Boolean(draft),
            },
            { body: request.body.body, parentId: request.body.parent_id },
            actorOf(request),
          );
          if (keyed) await keepKey(trx, { appKey, ...keyed, recordId: made.id });
          return made;
        });
        void reply.code(201);
        return { message: 'Comment added', data: comment };
      } catch (error) {
        // The same comment sent twice at once: the second finds the first's key.
        const raced = isUniqueViolation(error) ? await replay() : undefined;
        if (raced) return raced;
        throw error;
      }
    },
  );

  const transition = (action: ReviewAction, right: 'update' | 'review', summary: string, description: string) =>
    api.post(
      `/${def.resource}/:id/review/${action}`,
      {
        config: needs(name, right),
        schema: {
          ...doc(`review.${action}`, summary, description + KEY_NOTE),
          tags,
          params: idParams,
          headers: stepHeaders,
          body: action === 'request-changes' ? changesBody : transitionBody,
          response: { 200: itemEnvelope(recordSchema(def)) },
        },
      },
      async (request, reply) => {
        const appKey = appKeyOf(request);
        const id = request.params.id;
        const actor = actorOf(request);
        const body = (request.body ?? {}) as { version?: number; comment?: string; target?: 'record' | 'draft' };
        const existing = await service.forWrite(appKey, id, actor);
        // A resend of a step that already happened (its answer was lost) is answered with the
        // record as stored now, before the version check: the step itself moved the version on.
        const keyed = stepKeyOf(request, `${def.resource}/review/${action}`, body);
        const replay = async () => {
          if (!keyed || (await keyedRecord(db, appKey, keyed.key, keyed.what, keyed.requestHash)) === undefined) return undefined;
          void reply.header('Idempotent-Replayed', 'true');
          const row = await service.forWrite(appKey, id, actor);
          void reply.header('ETag', `"${row.version}"`);
          return { message: `${def.formTitle} ${SAID[action]}`, data: row };
        };
        const replayed = await replay();
        if (replayed) return replayed;
        const draft = body.target === 'draft' ? await draftOrNotFound(id) : undefined;
        if (draft && existing.review_stage != null) {
          throw new HttpError(409, 'The record itself is not published yet: its own review comes first', {
            target: 'The record is in review itself',
          });
        }
        // A transition is about the version its sender saw: an approval of a text changed since is
        // refused with the stored record (or draft), never applied to the newer text.
        if (draft && body.version !== undefined && draft.revision !== body.version) throw staleDraft(draft);
        if (!draft && body.version !== undefined && existing.version !== body.version) {
          throw await withSavedBy(request, name, id, service.staleVersion(existing, body.version));
        }
        const setting = await reviewSettingOf(db, appKey);
        const stage = ((draft ? draft.review_stage : existing.review_stage) ?? null) as Stage;
        const { to, direct } = nextStage(action, stage, !mustPassReview(setting.review, actor.role), draft ? 'draft' : 'record');
        if (action === 'approve' && !setting.selfApproval && (await submitterOf(db, appKey, name, id)) === actor.id) {
          throw new HttpError(403, 'You submitted this record: another editor approves it', {
            review_stage: 'Submitted by you',
          });
        }
        // Those the step concerns are told in its own transaction: a step refused tells nobody.
        const tell = await app.ctx.notifications.prepare({
          appKey,
          name,
          def,
          recordId: id,
          record: draft ? { ...existing, ...draft.data } : existing,
          kind: KIND_OF_ACTION[action],
          actor,
          comment: body.comment,
          submitter: action === 'submit' ? null : await submitterOf(db, appKey, name, id),
        });
        let told: number[] = [];
        // The step, its comment, its notifications and its key land together or not at all.
        const inTransaction = async (trx: Transaction<Tables>) => {
          if (draft) {
            // The draft's own step: refused if the draft was saved or moved on meanwhile.
            const target = { resource: def.resource, recordId: id };
            const moved =
              to === null
                ? await discardDraft(trx, def.resource, id, draft)
                : await setDraftStage(trx, target, { revision: draft.revision, from: stage }, to);
            if (!moved) throw staleDraft((await getDraft(trx, def.resource, id)) ?? draft);
          }
          told = await tell(trx);
          if (body.comment) {
            await addComment(
              trx,
              {
                appKey,
                resource: def.resource,
                recordId: id,
                version: draft ? draft.revision : existing.version,
                onDraft: Boolean(draft),
              },
              { body: body.comment, action },
              actor,
            );
          }
          if (keyed) await keepKey(trx, { appKey, ...keyed, recordId: id });
        };
        let row;
        let before = existing;
        try {
          if (draft && to === null) {
            // Publishing the draft applies it to the record, as POST …/publish does, in the step's
            // transaction; only now do visitors see its text.
            ({ row, before } = await service.update(
              appKey,
              id,
              { ...draft.data, review_stage: null },
              actor,
              draft.version,
              inTransaction,
            ));
            // A draft that changes nothing the record has now is not written (the save is already
            // stored), so its step lands on its own: the draft discarded, those concerned told.
            if (row === before) await db.transaction().execute(inTransaction);
          } else if (draft) {
            await db.transaction().execute(inTransaction);
            row = existing;
          } else {
            ({ row } = await service.update(appKey, id, { review_stage: to }, actor, existing.version, inTransaction));
          }
        } catch (error) {
          // The same step sent twice at once: the second, refused as stale, finds the first's key.
          const raced = await replay();
          if (raced) return raced;
          throw await withSavedBy(request, name, id, error);
        }
        // A publish that skipped approval says so in the log: the record never passed a reviewer.
        const field = draft ? 'draft_review_stage' : 'review_stage';
        const changes: Record<string, [unknown, unknown]> = {
          [field]: [stage ?? 'published', direct ? 'published without review' : (to ?? 'published')],
        };
        if (draft && to === null) await recordUpdate(request, def, before, row, draft.data);
        await recordActivity(request, { action: LOGGED[action], entity: name, recordId: id, changes });
        // Mailed once the step has happened, without holding its answer up; failures are logged there.
        if (told.length > 0) void app.ctx.notifications.mail(told, siteOrigin(request));
        void reply.header('ETag', `"${row.version}"`);
        return { message: `${draft ? 'Draft' : def.formTitle} ${SAID[action]}`, data: row };
      },
    );

  transition('submit', 'update', `Submit ${aLabel} for review`, 'From draft to in review.');
  transition(
    'approve',
    'review',
    `Approve ${aLabel}`,
    'From in review to approved; nobody approves what they submitted unless the site allows self-approval.',
  );
  transition(
    'request-changes',
    'review',
    `Request changes to ${aLabel}`,
    'Back to draft, with the comment saying what to change.',
  );
  transition(
    'publish',
    'review',
    `Publish ${aLabel} after review`,
    'From approved to published (public at its publish time). Those whose own work needs no review may publish a draft directly, and the activity log says so.',
  );
}
