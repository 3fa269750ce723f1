/**
 * A form's entries as staff work through them (issue 60): one form's list narrowed by the day it
 * came (from/to) and by read or unread, with how many are new; opening an entry marks it read, and
 * it can be marked unread again; the dashboard counts the new ones of every form. Reading an entry
 * is what marks it, so whoever may read entries keeps track of which are read (they are read-only
 * to everyone: visitors write them).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paged } from '../../shared/envelope';
import { pageOf } from '../db/page-of';
import { notFound } from '../errors';
import { needs } from '../plugins/auth';
import { operation } from '../openapi';
import { dateOrTime, endOf } from './activity';
import { itemEnvelope, listEnvelope, nullable } from './response-schemas';
import { readStateRoutes } from './read-state';
import { idParams, listQuery, paging } from './schemas';

const tags = ['Form Entries'];

const entryRecord = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    form_id: { type: 'integer' },
    career_id: nullable('integer'),
    email: nullable('string'),
    summary: nullable('string'),
    data: { type: 'string' },
    locale: nullable('string'),
    read_at: nullable('string'),
    created_at: { type: 'string' },
  },
};

const entriesQuery = listQuery.extend({
  from: dateOrTime.optional(),
  to: dateOrTime.optional(),
  read: z.enum(['read', 'unread'], { error: 'read must be read or unread' }).optional(),
});

export async function formEntryRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const forms = app.ctx.services.forms.repo;
  const entries = app.ctx.services['form-entries'].repo;

  // The site's entries as every list sees them: its own, out of the Trash.
  const live = (appKey: string) => db.selectFrom('form_entries').where('app_key', '=', appKey).where('deleted_at', 'is', null);

  api.get(
    '/form-entries/unread-count',
    {
      config: needs('form-entries', 'read'),
      schema: {
        ...operation(
          'form-entries.unreadCount',
          'Count new form entries',
          'Entries of every form nobody on staff has opened yet.',
        ),
        tags,
        response: { 200: itemEnvelope({ type: 'object', properties: { count: { type: 'integer' } } }) },
      },
    },
    async (request) => {
      const { n } = await live(request.application.app_key)
        .where('read_at', 'is', null)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return { data: { count: Number(n) } };
    },
  );

  api.get(
    '/forms/:id/entries',
    {
      config: needs('form-entries', 'read'),
      schema: {
        ...operation(
          'forms.entries.list',
          'List one form’s entries',
          'Newest first; `search_key` narrows them to those with the words in their address, summary or answers, `from` and `to` by the day they came (a bare `to` date is the whole of that day), `read` to those opened or not. `unread` counts the form’s new entries, whatever the filters.',
        ),
        tags,
        params: idParams,
        querystring: entriesQuery,
        response: {
          200: {
            ...listEnvelope(entryRecord),
            properties: {
              ...(listEnvelope(entryRecord).properties as Record<string, unknown>),
              unread: { type: 'integer' },
            },
          },
        },
      },
    },
    async (request) => {
      const appKey = request.application.app_key;
      const { id } = request.params as { id: number };
      if (!(await forms.get(appKey, id))) throw notFound('Form');
      const { page, size } = paging(request.query);
      const { from, to, read, search_key: search } = request.query;
      const ofForm = live(appKey).where('form_id', '=', id);
      let query = search ? entries.searching(ofForm, search) : ofForm;
      if (from) query = query.where('created_at', '>=', from);
      if (to) query = query.where('created_at', '<=', endOf(to));
      if (read) query = query.where('read_at', read === 'read' ? 'is not' : 'is', null);
      const [{ rows, total }, unread] = await Promise.all([
        pageOf(query, (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'), { page, size }),
        ofForm
          .where('read_at', 'is', null)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { ...paged(rows, page, size, total), unread: Number(unread.n) };
    },
  );

  readStateRoutes(app, {
    resource: 'form-entries',
    table: 'form_entries',
    // Reading an entry is what marks it (entries are read-only to everyone).
    right: 'read',
    tags,
    name: 'Form entry',
    exists: (appKey, id) => entries.get(appKey, id),
  });
}
