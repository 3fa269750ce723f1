/**
 * Contact messages are New until someone on staff opens one: marking read (and unread again), and
 * the count of unread messages the sidebar shows. Marking is an update of the message: whoever may
 * change messages keeps track of which are read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { needs } from '../plugins/auth';
import { itemEnvelope } from './response-schemas';
import { readStateRoutes } from './read-state';
import { operation } from '../openapi';

const tags = ['Messages'];

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
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

  readStateRoutes(app, {
    resource: 'messages',
    table: 'messages',
    // A message's read state is part of it: changing it is an update.
    right: 'update',
    tags,
    name: 'Message',
    exists: (appKey, id) => repo.get(appKey, id),
  });
}
