import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dateTimeOf } from '../../shared/date-time';
import { ENTITIES, isPublishable, type ResourceName } from '../../shared/entities';
import { needs, rightOfCaller } from '../plugins/auth';
import { serviceFor } from '../plugins/context';
import { itemEnvelope, openObject } from './response-schemas';
import { operation } from '../openapi';

/** How many drafts and how many scheduled items the dashboard lists. */
const WAITING = 10;

/** The kinds whose records pass review (issue #61): what the dashboard's review list may be narrowed to. */
const REVIEWED = Object.values(ENTITIES)
  .filter((def) => def.review)
  .map((def) => def.resource) as [string, ...string[]];

/** Dashboard counts for the current application (spec §3 "Report counts"). */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const counted = {
    total_page: ENTITIES.pages,
    total_section: ENTITIES.sections,
    total_widget: ENTITIES.widgets,
    total_post_category: ENTITIES['post-categories'],
    total_post: ENTITIES.posts,
  };
  const reportSchema = {
    ...operation('report.counts', 'Count the site’s content', 'The dashboard’s counts (spec §3).'),
    tags: ['System'],
    response: {
      200: itemEnvelope({
        type: 'object',
        properties: Object.fromEntries(Object.keys(counted).map((name) => [name, { type: 'integer' }])),
      }),
    },
  };
  app.get('/app-report', { config: needs('report', 'read'), schema: reportSchema }, async (request) => {
    // What each list counts (its site's live rows, the Trash aside), so the dashboard and the lists agree.
    const entries = await Promise.all(
      Object.entries(counted).map(async ([name, def]) => {
        const repo = serviceFor(app.ctx.services, def.resource as ResourceName).repo;
        return [name, await repo.total(request.application.app_key)] as const;
      }),
    );
    return { data: Object.fromEntries(entries) };
  });

  /**
   * What is waiting to go out on this site: drafts of live pages, posts and slides (newest first),
   * records and drafts of live records in review, longest waiting first (narrowed to one kind by `review_of`), and items
   * scheduled for later (soonest first), of the kinds the user may read.
   */
  const waiting = {
    type: 'array',
    items: openObject({
      id: { type: 'integer' },
      resource: { type: 'string' },
      kind: { type: 'string' },
      label: { type: 'string' },
      at: { type: 'string' },
      stage: { type: 'string' },
      draft: { type: 'boolean' },
    }),
  };
  const waitingSchema = {
    ...operation(
      'report.waiting',
      'List drafts, items in review and scheduled items',
      'Drafts of live pages, posts and slides, those (records or drafts, `draft: true`) in review or approved and waiting to be published, and items scheduled for later.',
    ),
    tags: ['System'],
    querystring: z.object({
      review_of: z
        .enum(REVIEWED, { error: `review_of must be one of ${REVIEWED.join(', ')}` })
        .optional()
        .describe('Only the records of this kind in the review list'),
    }),
    response: { 200: itemEnvelope({ type: 'object', properties: { drafts: waiting, review: waiting, scheduled: waiting } }) },
  };
  app.get('/waiting', { config: needs('report', 'read'), schema: waitingSchema }, async (request) => {
    const appKey = request.application.app_key;
    const kinds = Object.values(ENTITIES).filter((def) => isPublishable(def) && rightOfCaller(request, def.resource, 'read'));
    const perKind = await Promise.all(
      kinds.map(async (def) => {
        const repo = serviceFor(app.ctx.services, def.resource as ResourceName).repo;
        const named = <T extends { id: number; label: unknown }>(row: T) => ({
          ...row,
          resource: def.resource,
          kind: def.formTitle,
          label: String(row.label ?? '').trim() || `#${row.id}`,
        });
        const { review_of: reviewOf } = request.query as { review_of?: string };
        return {
          drafts: (await repo.drafted(appKey, WAITING)).map(named),
          review:
            reviewOf && reviewOf !== def.resource
              ? []
              : [
                  ...(await repo.inReview(appKey, WAITING)).map(named),
                  // A changed published record waits as its draft; `draft` says the form opens on it.
                  ...(await repo.draftsInReview(appKey, WAITING)).map((row) => ({ ...named(row), draft: true })),
                ],
          scheduled: (await repo.scheduled(appKey, dateTimeOf(Date.now()), WAITING)).map(named),
        };
      }),
    );
    const drafts = perKind.flatMap((k) => k.drafts).sort((a, b) => b.at.localeCompare(a.at));
    const review = perKind.flatMap((k) => k.review).sort((a, b) => a.at.localeCompare(b.at));
    const scheduled = perKind.flatMap((k) => k.scheduled).sort((a, b) => a.at.localeCompare(b.at));
    return {
      data: { drafts: drafts.slice(0, WAITING), review: review.slice(0, WAITING), scheduled: scheduled.slice(0, WAITING) },
    };
  });
}
