/**
 * The activity log, read: `GET /cms/api/activity?page&size&user_id&entity&action&from&to` in the
 * usual list envelope, newest first. Admins read every entry; anyone else whose role may read it
 * reads the entries of the site they are working on.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paged } from '../../shared/envelope';
import { ENTITIES } from '../../shared/entities';
import { AREAS, type Subject } from '../../shared/rights';
import { needs, rightOfCaller } from '../plugins/auth';
import { visibleSites } from '../plugins/tenant';
import { ACTIVITY_ACTIONS } from '../../shared/activity';
import { listQuery, paging } from './schemas';
import { listEnvelope, nullable } from './response-schemas';
import { operation } from '../openapi';
import { pageOf } from '../db/page-of';

const activityEntry = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    app_key: nullable('string'),
    user_id: nullable('integer'),
    user_name: nullable('string'),
    action: { type: 'string' },
    entity: nullable('string'),
    record_id: nullable('integer'),
    changes: { description: 'Each changed field, as [before, after]', type: ['object', 'null'], additionalProperties: true },
    ip: nullable('string'),
    created_at: { type: 'string' },
  },
  additionalProperties: true,
};

export const dateOrTime = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, 'Use a date (YYYY-MM-DD) or an ISO time');
/** A bare `to` date means the whole of that day. */
export const endOf = (value: string) => (value.length === 10 ? `${value}T23:59:59.999Z` : value);

const activityQuery = listQuery.omit({ search_key: true }).extend({
  user_id: z.coerce.number({ error: 'user_id must be a number' }).int().positive().optional(),
  entity: z.string().max(64).optional(),
  action: z.enum(ACTIVITY_ACTIONS, { error: `action must be one of ${ACTIVITY_ACTIONS.join(', ')}` }).optional(),
  from: dateOrTime.optional(),
  to: dateOrTime.optional(),
});

export async function activityRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  api.get(
    '/activity',
    {
      config: needs('activity', 'read'),
      schema: {
        ...operation(
          'activity.list',
          'List the activity log',
          'Who did what and when, newest first; an admin sees every site’s.',
        ),
        tags: ['System'],
        querystring: activityQuery,
        response: { 200: listEnvelope(activityEntry) },
      },
    },
    async (request) => {
      const { page, size } = paging(request.query);
      const { user_id: userId, entity, action, from, to } = request.query;
      const everySite = visibleSites(request) === null;
      let query = db.selectFrom('activity');
      if (!everySite) {
        // Their own site's entries, of what their role may read (not, say, its webhooks' secrets).
        const readable = [...Object.keys(ENTITIES), ...AREAS].filter((subject) =>
          rightOfCaller(request, subject as Subject, 'read'),
        );
        query = query
          .where('app_key', '=', request.application.app_key)
          .where((eb) => eb.or([eb('entity', 'is', null), eb('entity', 'in', readable)]));
      }
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      if (entity) query = query.where('entity', '=', entity);
      if (action) query = query.where('action', '=', action);
      if (from) query = query.where('created_at', '>=', from);
      if (to) query = query.where('created_at', '<=', endOf(to));
      const { rows, total } = await pageOf(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), {
        page,
        size,
      });
      const entries = rows.map((row) => ({ ...row, changes: row.changes ? (JSON.parse(row.changes) as unknown) : null }));
      return paged(entries, page, size, total);
    },
  );
}
