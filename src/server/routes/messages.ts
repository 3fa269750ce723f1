/**
 * Contact messages are New until someone on staff opens one: marking read (and unread again), and
 * the count of unread messages the sidebar shows. Marking is an update of the message: whoever may
 * change messages keeps track of which are read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { now } from '../db/database';
import { notFound } from '../errors';
import { needs } from '../plugins/auth';
import { idParams } from './schemas';
import { itemEnvelope, nullable } from './response-schemas';
import { operation } from '../openapi';

const tags = ['Messages'];

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  // The site's messages as every list sees them (its own, out of the Trash).
  const { repo } = app.ctx.services.messages;

  const countSchema = {
    ...operation('messages.unreadCount', 'Count unread messages'),
    tags,
    response: { 200: itemEnvelope({ type: 'object', properties: { count: { type: 'integer' } } }) },
  };
  api.get('/messages/unread-count', { config: needs('messages', 'read'), schema: countSchema }, async (request) => {
    const { total } = await repo.list(request.application.app_key, { page: 1, size: 1, where: { read_at: null } });
    return { data: { count: total } };
  });

  for (const [method, read] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: '/messages/:id/read',
      // A message's read state is part of it: changing it is an update.
      config: needs('messages', 'update'),
      schema: {
        ...(read
          ? operation('messages.markRead', 'Mark a message as read')
          : operation('messages.markUnread', 'Mark a message as unread')),
        tags,
        params: idParams,
        response: {
          200: itemEnvelope({ type: 'object', properties: { id: { type: 'integer' }, read_at: nullable('string') } }),
        },
      },
      handler: async (request) => {
        const { id } = request.params as { id: number };
        const appKey = request.application.app_key;
        if (!(await repo.get(appKey, id))) throw notFound('Message');
        // The first reading is the one kept: opening a read message again changes nothing.
        let update = db
          .updateTable('messages')
          .set({ read_at: read ? now() : null })
          .where('id', '=', id)
          .where('app_key', '=', appKey);
        if (read) update = update.where('read_at', 'is', null);
        await update.execute();
        const row = await db.selectFrom('messages').select(['id', 'read_at']).where('id', '=', id).executeTakeFirstOrThrow();
        return { message: read ? 'Marked as read' : 'Marked as unread', data: row };
      },
    });
  }
}
