/**
 * A record's history and presence, for every entity: its revisions (listed, read, restored) and
 * the open-form heartbeat that tells who else is editing it. Records are found by the caller's
 * `locate`, so site content (by id) and site settings (by app key) share these routes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { EntityDef, ResourceName } from '../../shared/entities';
import { writableFields } from '../../shared/entities/schemas';
import { paged } from '../../shared/envelope';
import { recordUpdate } from '../activity/activity-log';
import type { Actor } from '../content/entity-service';
import { leave, markEditing } from '../content/presence';
import { listRevisions, revisionSnapshot } from '../content/revisions';
import { notFound } from '../errors';
import { needs } from '../plugins/auth';
import { serviceFor } from '../plugins/context';
import { itemEnvelope, listEnvelope, messageAnswer, nullable, recordSchema } from './response-schemas';
import { documented, withArticle } from '../openapi';

const revisionSummary = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    version: { type: 'integer' },
    created_at: { type: 'string' },
    user_id: nullable('integer'),
    user_name: nullable('string'),
  },
};
const presenceEntry = {
  type: 'object',
  properties: { user_id: { type: 'integer' }, user_name: nullable('string'), seen_at: { type: 'string' } },
};
import { listQuery, paging } from './schemas';

/** The signed-in user as the author of a write, limited to their own records when their right is. */
export const actorOf = (request: FastifyRequest): Actor => ({
  id: request.user.id,
  name: request.user.name || request.user.email,
  sessionId: request.sessionId,
  ownOnly: request.scope === 'own',
  tokenId: request.apiToken?.id,
  role: request.user.role ?? undefined,
});

export interface RecordAddress<P extends z.ZodObject> {
  /** The path of one record, e.g. `/posts/:id`. */
  path: string;
  params: P;
  /** The record the request names (404 when none); `forWrite` also checks the caller may change it. */
  locate(request: FastifyRequest<{ Params: z.infer<P> }>, forWrite: boolean): Promise<{ id: number }>;
  /** Runs after a restore was saved (site settings forget every kept answer). */
  afterRestore?: () => void;
}

const revisionId = z.object({ revisionId: z.coerce.number({ error: 'revisionId must be a number' }).int().positive() });

export function historyRoutes<P extends z.ZodObject>(
  app: FastifyInstance,
  name: ResourceName,
  def: EntityDef,
  address: RecordAddress<P>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const service = serviceFor(app.ctx.services, name);
  const tags = [def.title];
  const doc = documented(def);
  const label = def.formTitle.toLowerCase();
  const aLabel = withArticle(label);
  const revisionParams = address.params.extend(revisionId.shape);
  type Request = FastifyRequest<{ Params: z.infer<P> }>;
  type RevisionRequest = FastifyRequest<{ Params: z.infer<P> & { revisionId: number } }>;

  api.get(
    `${address.path}/revisions`,
    {
      config: needs(name, 'read'),
      schema: {
        ...doc('revisions.list', `List ${aLabel}'s revisions`),
        tags,
        params: address.params,
        querystring: listQuery,
        response: { 200: listEnvelope(revisionSummary) },
      },
    },
    async (request) => {
      const { id } = await address.locate(request as Request, false);
      const { page, size } = paging(request.query);
      const { rows, total } = await listRevisions(db, def.resource, id, page, size);
      return paged(rows, page, size, total);
    },
  );

  const snapshotOf = async (request: RevisionRequest, forWrite: boolean) => {
    const { id } = await address.locate(request as unknown as Request, forWrite);
    const snapshot = await revisionSnapshot(db, def.resource, id, (request.params as { revisionId: number }).revisionId);
    if (!snapshot) throw notFound('Revision');
    return { id, snapshot };
  };

  api.get(
    `${address.path}/revisions/:revisionId`,
    {
      config: needs(name, 'read'),
      schema: {
        ...doc('revisions.get', `Read one revision of ${aLabel}`, 'The record as it was saved then.'),
        tags,
        params: revisionParams,
        response: { 200: itemEnvelope(recordSchema(def)) },
      },
    },
    async (request) => ({ data: (await snapshotOf(request as RevisionRequest, false)).snapshot }),
  );

  api.post(
    `${address.path}/revisions/:revisionId/restore`,
    {
      config: needs(name, 'update'),
      schema: {
        ...doc(
          'revisions.restore',
          `Restore ${aLabel} to one of its revisions`,
          'A restore is a save like any other: it makes a new revision.',
        ),
        tags,
        params: revisionParams,
        response: { 200: itemEnvelope(recordSchema(def)) },
      },
    },
    async (request, reply) => {
      const { id, snapshot } = await snapshotOf(request as RevisionRequest, true);
      // The earlier values of what a client may write; a restore is a save like any other.
      const input = Object.fromEntries(
        writableFields(def)
          .filter(([field, fd]) => !fd.writeOnly && !fd.virtual && field in snapshot)
          .map(([field]) => [field, snapshot[field]]),
      );
      const { row, before } = await service.update(request.application.app_key, id, input, actorOf(request));
      address.afterRestore?.();
      await recordUpdate(request, def, before, row, input);
      void reply.header('ETag', `"${row.version}"`);
      return { data: row };
    },
  );

  // Presence: the open form's heartbeat answers who else has the record open; closing it leaves.
  // Only someone who may save the record is editing it (an author's own posts).
  api.post(
    `${address.path}/presence`,
    {
      config: needs(name, 'update'),
      schema: {
        ...doc('presence.mark', `Say you have ${aLabel} open`, 'The open form’s heartbeat; answers who else has it open.'),
        tags,
        params: address.params,
        response: { 200: itemEnvelope({ type: 'array', items: presenceEntry }) },
      },
    },
    async (request) => {
      const { id } = await address.locate(request as Request, true);
      const me = actorOf(request);
      return { data: await markEditing(db, def.resource, id, { id: me.id, name: me.name! }) };
    },
  );

  api.delete(
    `${address.path}/presence`,
    {
      config: needs(name, 'update'),
      schema: {
        ...doc('presence.leave', `Say you closed ${aLabel}`),
        tags,
        params: address.params,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      const { id } = await address.locate(request as Request, true);
      await leave(db, def.resource, id, request.user.id);
      return { message: 'Left' };
    },
  );
}
