/**
 * Applications (the tenants). Addressed by numeric id or by app key, because the admin's
 * app-setting form lives at /admin/app-setting/form/{appKey} (spec §2.2). Admins see and manage
 * every site; anyone else reads only the sites they work on.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES, type Records } from '../../shared/entities';
import { createSchema, updateSchema } from '../../shared/entities/schemas';
import { paged } from '../../shared/envelope';
import { recordActivity, recordUpdate } from '../activity/activity-log';
import { HttpError, notFound } from '../errors';
import { needs } from '../plugins/auth';
import { onlyVisibleSites, visibleSites } from '../plugins/tenant';
import { listQuery, paging } from './schemas';
import { STORED_NAME } from './files';
import { historyRoutes } from './history';
import { writeOf } from './versions';
import { itemEnvelope, listEnvelope, recordSchema } from './response-schemas';
import { documented } from '../openapi';

const keyParams = z.object({ key: z.string().min(1).max(64) });
const def = ENTITIES.applications;
const tags = [def.title];
const doc = documented(def);
const site = recordSchema(def);

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = app.ctx.services.applications;

  const db = app.ctx.database.db;

  /**
   * What a deleted site leaves (its content goes with it by the database's cascade): its files on
   * disk with their smaller copies, and its history, drafts, file records, idempotency keys and
   * queued webhook deliveries. The activity log keeps its entries: it is the record of who did what.
   */
  const eraseSite = async (appKey: string, id: number, files: string[]) => {
    await db
      .deleteFrom('revisions')
      .where((eb) => eb.or([eb('app_key', '=', appKey), eb.and([eb('resource', '=', 'applications'), eb('record_id', '=', id)])]))
      .execute();
    for (const table of ['drafts', 'files', 'idempotency_keys', 'webhook_deliveries'] as const) {
      await db.deleteFrom(table).where('app_key', '=', appKey).execute();
    }
    for (const name of files) {
      if (!STORED_NAME.test(name)) continue;
      await app.ctx.storage.remove([name]);
      await app.ctx.renditions.remove(name);
    }
  };

  const find = async (request: FastifyRequest, key: string): Promise<Records['applications']> => {
    const row = /^\d+$/.test(key) ? await service.repo.get(null, Number(key)) : await service.repo.findBy(null, 'app_key', key);
    const sites = visibleSites(request);
    // Another site is as absent as an unknown one: a user learns nothing of sites not theirs.
    if (!row || (sites && !sites.includes(row.app_key))) throw notFound('Application');
    return row;
  };
  const changed = () => {
    // Deleting an application removes its rows without going through their repositories, and
    // every kept answer may name the application: forget everything.
    app.ctx.cache.invalidate();
  };

  // Site settings have a History and presence like any record, addressed by app key.
  historyRoutes(app, 'applications', def, {
    path: '/applications/:key',
    params: keyParams,
    locate: (request) => find(request, request.params.key),
    afterRestore: changed,
  });

  api.get(
    '/applications',
    {
      config: needs('applications', 'read'),
      schema: {
        ...doc('list', 'List the sites you work on'),
        tags,
        querystring: listQuery,
        response: { 200: listEnvelope(site) },
      },
    },
    async (request) => {
      const { page, size } = paging(request.query);
      const refine = onlyVisibleSites(request);
      const { rows, total } = await service.repo.list(null, { page, size, search: request.query.search_key, refine });
      return paged(rows, page, size, total);
    },
  );

  api.get(
    '/applications/:key',
    {
      config: needs('applications', 'read'),
      schema: {
        ...doc('get', 'Read a site’s settings', '`key` is the app key or the id.'),
        tags,
        params: keyParams,
        response: { 200: itemEnvelope(site) },
      },
    },
    async (request) => ({
      data: await find(request, request.params.key),
    }),
  );

  api.post(
    '/applications',
    {
      config: needs('applications', 'create'),
      schema: { ...doc('create', 'Create a site'), tags, body: createSchema(def), response: { 201: itemEnvelope(site) } },
    },
    async (request, reply) => {
      const { row } = await service.create(request.application.app_key, {
        ...writeOf(request).input,
        user_id: request.user.id,
      });
      changed();
      await recordActivity(request, { action: 'create', entity: 'applications', recordId: row.id, appKey: row.app_key });
      return reply.status(201).send({ data: row });
    },
  );

  api.put(
    '/applications/:key',
    {
      config: needs('applications', 'update'),
      schema: {
        ...doc('update', 'Update a site’s settings', 'Send the changed fields, or the settings as read.'),
        tags,
        params: keyParams,
        body: updateSchema(def),
        response: { 200: itemEnvelope(site) },
      },
    },
    async (request) => {
      const existing = await find(request, request.params.key);
      const { basedOn, input } = writeOf(request, existing.id);
      const actor = { id: request.user.id, name: request.user.name || request.user.email };
      const { row, before } = await service.update(request.application.app_key, existing.id, input, actor, basedOn);
      changed();
      await recordUpdate(request, def, before, row, input);
      return { data: row };
    },
  );

  api.delete(
    '/applications/:key',
    {
      config: needs('applications', 'delete'),
      schema: {
        ...doc('delete', 'Delete a site', 'Its content, files and history go with it; not the site you are working in.'),
        tags,
        params: keyParams,
        response: { 200: itemEnvelope({ type: 'object', properties: { id: { type: 'integer' } } }) },
      },
    },
    async (request) => {
      const existing = await find(request, request.params.key);
      if (existing.app_key === request.application.app_key) {
        throw new HttpError(409, 'You cannot delete the application you are working in');
      }
      const files = await db.selectFrom('files').select('name').where('app_key', '=', existing.app_key).execute();
      await service.delete(request.application.app_key, existing.id);
      await eraseSite(
        existing.app_key,
        existing.id,
        files.map((file) => file.name),
      );
      changed();
      await recordActivity(request, {
        action: 'delete',
        entity: 'applications',
        recordId: existing.id,
        appKey: existing.app_key,
      });
      return { message: 'Application deleted', data: { id: existing.id } };
    },
  );
}
