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
import { filesOfEntry } from '../content/entry-files';

/** A file's name as a plain header holds it (the `filename*` beside it carries the rest). */
const asciiName = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

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

  const fileRecord = {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      field: { type: 'string' },
      name: { type: 'string' },
      mime: { type: 'string' },
      size: { type: 'integer' },
      created_at: { type: 'string' },
    },
  };
  api.get(
    '/form-entries/:id/files',
    {
      config: needs('form-entries', 'read'),
      schema: {
        ...operation(
          'form-entries.files.list',
          'List the files of a form entry',
          'The files the visitor sent with the entry (a file field’s answer), each with the field it answers. Never public: only staff who may read entries see them.',
        ),
        tags,
        params: idParams,
        response: { 200: listEnvelope(fileRecord) },
      },
    },
    async (request) => {
      const appKey = request.application.app_key;
      const { id } = request.params as { id: number };
      if (!(await entries.get(appKey, id))) throw notFound('Form entry');
      const rows = await filesOfEntry(db, appKey, id);
      return paged(rows, 1, Math.max(rows.length, 1), rows.length);
    },
  );
  api.get(
    '/form-entries/:id/files/:file',
    {
      config: needs('form-entries', 'read'),
      exposeHeadRoute: false,
      schema: {
        ...operation(
          'form-entries.files.download',
          'Download a file of a form entry',
          'The file as the visitor sent it, as an attachment (never shown in the browser), to staff who may read entries.',
        ),
        tags,
        params: idParams.extend({ file: z.coerce.number({ error: 'file must be a number' }).int().positive() }),
        produces: ['application/octet-stream'],
        response: { 200: { type: 'string', format: 'binary', description: 'The file' } },
      },
    },
    async (request, reply) => {
      const appKey = request.application.app_key;
      const { id, file } = request.params as { id: number; file: number };
      const row = await db
        .selectFrom('entry_files')
        .selectAll()
        .where('app_key', '=', appKey)
        .where('entry_id', '=', id)
        .where('id', '=', file)
        .executeTakeFirst();
      const body = row ? await app.ctx.storage.stream(row.storage_key) : undefined;
      if (!row || !body) throw notFound('File');
      // A visitor's file is never run or shown by the browser: saved, under its own name.
      return reply
        .header('content-type', 'application/octet-stream')
        .header(
          'content-disposition',
          `attachment; filename="${asciiName(row.name)}"; filename*=UTF-8''${encodeURIComponent(row.name)}`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .header('content-length', String(row.size))
        .send(body);
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
