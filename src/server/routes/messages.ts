/**
 * Contact messages are New until someone on staff opens one: marking read (and unread again), and
 * the count of unread messages the sidebar shows. Reading is the right these need: whoever may read
 * the messages keeps track of which are read.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { now } from '../db/database';
import { notFound } from '../errors';
import { needs } from '../plugins/auth';
import { idParams } from './schemas';

const tags = ['Messages'];

export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const live = (appKey: string) => db.selectFrom('messages').where('app_key', '=', appKey).where('deleted_at', 'is', null);

  api.get('/messages/unread-count', { config: needs('messages', 'read'), schema: { tags } }, async (request) => {
    const { n } = await live(request.application.app_key)
      .where('read_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { data: { count: Number(n) } };
  });

  for (const [method, read] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: '/messages/:id/read',
      config: needs('messages', 'read'),
      schema: { tags, params: idParams },
      handler: async (request) => {
        const { id } = request.params as { id: number };
        const appKey = request.application.app_key;
        if (!(await live(appKey).select('id').where('id', '=', id).executeTakeFirst())) throw notFound('Message');
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
