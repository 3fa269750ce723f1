/**
 * Records that are New until someone on staff opens one (contact messages, form entries): marking
 * one read (POST) and unread again (DELETE) at `/{resource}/:id/read`. The first reading is the
 * one kept: opening a read record again changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Action } from '../../shared/rights';
import { now } from '../db/database';
import { notFound } from '../errors';
import { operation } from '../openapi';
import { needs } from '../plugins/auth';
import { itemEnvelope, nullable } from './response-schemas';
import { idParams } from './schemas';

export interface ReadState {
  /** The address and rights area (`messages`, `form-entries`). */
  resource: 'messages' | 'form-entries';
  table: 'messages' | 'form_entries';
  /** The right that marks one: what "knowing which are read" is part of for this kind. */
  right: Action;
  tags: string[];
  /** As the API's descriptions and a 404 name one record (`Message`, `Form entry`). */
  name: string;
  /** Whether the site has this record (its own, out of the Trash). */
  exists: (appKey: string, id: number) => Promise<unknown>;
}

export function readStateRoutes(app: FastifyInstance, { resource, table, right, tags, name, exists }: ReadState): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Both tables have the same three columns this reads and writes.
  const db = app.ctx.database.db.withTables<Record<typeof table, { id: number; app_key: string; read_at: string | null }>>();
  const lower = name.toLowerCase();
  for (const [method, read] of [
    ['POST', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: `/${resource}/:id/read`,
      config: needs(resource, right),
      schema: {
        ...(read
          ? operation(`${resource}.markRead`, `Mark a ${lower} as read`)
          : operation(`${resource}.markUnread`, `Mark a ${lower} as unread`)),
        tags,
        params: idParams,
        response: {
          200: itemEnvelope({ type: 'object', properties: { id: { type: 'integer' }, read_at: nullable('string') } }),
        },
      },
      handler: async (request) => {
        const { id } = request.params as { id: number };
        const appKey = request.application.app_key;
        if (!(await exists(appKey, id))) throw notFound(name);
        let update = db
          .updateTable(table)
          .set({ read_at: read ? now() : null })
          .where('id', '=', id)
          .where('app_key', '=', appKey);
        if (read) update = update.where('read_at', 'is', null);
        await update.execute();
        const row = await db.selectFrom(table).select(['id', 'read_at']).where('id', '=', id).executeTakeFirstOrThrow();
        return { message: read ? 'Marked as read' : 'Marked as unread', data: row };
      },
    });
  }
}
