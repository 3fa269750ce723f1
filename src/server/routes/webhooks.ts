/**
 * A webhook's delivery log and its Resend action (the webhooks themselves are an entity, served by
 * the generic CRUD routes), and the sender that works through the queue while the server runs.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paged } from '../../shared/envelope';
import { notFound } from '../errors';
import { needs } from '../plugins/auth';
import { idParams, listQuery, paging } from './schemas';
import { itemEnvelope, listEnvelope, nullable } from './response-schemas';
import { operation } from '../openapi';
import { pageOf } from '../db/page-of';

const delivery = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    event: { type: 'string' },
    status: { type: 'string' },
    attempts: { type: 'integer' },
    response_status: nullable('integer'),
    error: nullable('string'),
    created_at: { type: 'string' },
    delivered_at: nullable('string'),
    next_attempt_at: nullable('string'),
    payload: { type: 'string', description: 'The JSON body sent' },
  },
};

const tags = ['Webhooks'];
const deliveryParams = idParams.extend({
  deliveryId: z.coerce.number({ error: 'deliveryId must be a number' }).int().positive(),
});

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const { repo } = app.ctx.services.webhooks;

  const webhookOf = async (appKey: string, id: number) => {
    if (!(await repo.get(appKey, id, 'any'))) throw notFound('Webhook');
  };

  api.get(
    '/webhooks/:id/deliveries',
    {
      config: needs('webhooks', 'read'),
      schema: {
        ...operation(
          'webhooks.deliveries.list',
          'List a webhook’s deliveries',
          'Newest first, with each attempt’s outcome and the payload sent.',
        ),
        tags,
        params: idParams,
        querystring: listQuery,
        response: { 200: listEnvelope(delivery) },
      },
    },
    async (request) => {
      await webhookOf(request.application.app_key, request.params.id);
      const { page, size } = paging(request.query);
      const where = db.selectFrom('webhook_deliveries').where('webhook_id', '=', request.params.id);
      const { rows, total } = await pageOf(
        where,
        (q) =>
          q
            .select([
              'id',
              'event',
              'status',
              'attempts',
              'response_status',
              'error',
              'created_at',
              'delivered_at',
              'next_attempt_at',
              'payload',
            ])
            .orderBy('id', 'desc'),
        { page, size },
      );
      return paged(rows, page, size, total);
    },
  );

  api.post(
    '/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: needs('webhooks', 'update'),
      schema: {
        ...operation('webhooks.deliveries.resend', 'Send a delivery again'),
        tags,
        params: deliveryParams,
        response: { 202: itemEnvelope({ type: 'object', properties: { id: { type: 'integer' } } }) },
      },
    },
    async (request, reply) => {
      await webhookOf(request.application.app_key, request.params.id);
      const id = await app.ctx.webhooks.resend(request.params.id, request.params.deliveryId);
      if (id === undefined) throw notFound('Delivery');
      return reply.code(202).send({ message: 'Queued to be sent again', data: { id } });
    },
  );
}

/** Sends queued deliveries from start to close: right after each write, and every few seconds. */
export const webhookSender = fp(
  async (app: FastifyInstance) => {
    const { webhooks } = app.ctx;
    webhooks.onError = (error, message) => app.log.error({ err: error }, message);
    app.addHook('onReady', async () => webhooks.start());
    app.addHook('onClose', async () => webhooks.stop());
  },
  { name: 'webhook-sender', dependencies: ['app-context'] },
);
