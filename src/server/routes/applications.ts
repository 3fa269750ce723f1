/**
 * Applications (the tenants). Addressed by numeric id or by app key, because the admin's
 * app-setting form lives at /admin/app-setting/form/{appKey} (spec §2.2).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENTITIES, type Records } from '../../shared/entities';
import { createSchema, updateSchema } from '../../shared/entities/schemas';
import { paged } from '../../shared/envelope';
import type { Row } from '../content/repository';
import { HttpError, notFound } from '../errors';
import { listQuery, paging } from './schemas';

const keyParams = z.object({ key: z.string().min(1).max(64) });
const def = ENTITIES.applications;
const tags = [def.title];

export async function applicationRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const service = app.ctx.services.applications;

  const find = async (key: string): Promise<Records['applications']> => {
    const row = /^\d+$/.test(key) ? await service.repo.get(null, Number(key)) : await service.repo.findBy(null, 'app_key', key);
    if (!row) throw notFound('Application');
    return row;
  };
  const changed = () => {
    // Deleting an application removes its rows without going through their repositories, and
    // every kept answer may name the application: forget everything.
    app.ctx.cache.invalidate();
  };

  api.get('/applications', { schema: { tags, querystring: listQuery } }, async (request) => {
    const { page, size } = paging(request.query);
    const { rows, total } = await service.repo.list(null, { page, size, search: request.query.search_key });
    return paged(rows, page, size, total);
  });

  api.get('/applications/:key', { schema: { tags, params: keyParams } }, async (request) => ({
    data: await find(request.params.key),
  }));

  api.post('/applications', { schema: { tags, body: createSchema(def) } }, async (request, reply) => {
    const { row } = await service.create(request.application.app_key, {
      ...(request.body as Row),
      user_id: (request as FastifyRequest).user.id,
    });
    changed();
    return reply.status(201).send({ data: row });
  });

  api.put('/applications/:key', { schema: { tags, params: keyParams, body: updateSchema(def) } }, async (request) => {
    const existing = await find(request.params.key);
    const row = await service.update(request.application.app_key, existing.id, request.body as Row);
    changed();
    return { data: row };
  });

  api.delete('/applications/:key', { schema: { tags, params: keyParams } }, async (request) => {
    const existing = await find(request.params.key);
    if (existing.app_key === request.application.app_key) {
      throw new HttpError(409, 'You cannot delete the application you are working in');
    }
    await service.repo.delete(null, existing.id);
    changed();
    return { message: 'Application deleted', data: { id: existing.id } };
  });
}
