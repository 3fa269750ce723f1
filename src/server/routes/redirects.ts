/**
 * System → Redirects (admins only, the `redirects` area of shared/rights.ts): a site's redirects
 * with their hits, added, edited, removed, imported and exported as CSV (`from,to,code`,
 * docs/operations.md), and the 404 log. The rules (spelling, loops, chains) are
 * content/redirects.ts's; any write here makes the site's kept pages new (admin-api.ts), so a
 * redirect takes effect at the next request.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { paged } from '../../shared/envelope';
import { recordActivity } from '../activity/activity-log';
import { parseCsv, sendCsv } from '../content/csv';
import { type CheckedRedirect, checkRedirect, REDIRECT_CODES } from '../content/redirects';
import { likePattern } from '../content/repository';
import { HttpError, invalidRequest, notFound } from '../errors';
import { operation } from '../openapi';
import { needs } from '../plugins/auth';
import { csvAnswer, itemEnvelope, listEnvelope, nullable } from './response-schemas';
import { idParams, listQuery, paging } from './schemas';
import { pageOf } from '../db/page-of';

const tags = ['System'];
/** Rows one import may hold: far above a site's needs, and one transaction. */
export const IMPORT_ROWS = 10_000;
const CSV_HEADER = ['from', 'to', 'code'] as const;

const redirectRecord = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    from: { type: 'string', description: 'The address visitors ask for: a path of this site' },
    to: { ...nullable('string'), description: 'Where it leads: a path of this site; null for 410 Gone' },
    code: { type: 'integer', enum: [...REDIRECT_CODES] },
    automatic: { type: 'boolean', description: 'Made by a slug change or the Trash, not by staff' },
    hits: { type: 'integer' },
    last_hit_at: nullable('string'),
    updated_at: { type: 'string' },
  },
};

const notFoundRecord = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    path: { type: 'string' },
    hits: { type: 'integer' },
    last_seen: { type: 'string' },
    referrer_host: { ...nullable('string'), description: 'The host of the last page that linked here' },
  },
};

const redirectBody = z.strictObject({
  from: z.string({ error: 'from must be a path' }).max(2000),
  to: z.string({ error: 'to must be a path' }).max(2000).nullable().optional(),
  code: z.number({ error: 'code must be 301, 302 or 410' }).int(),
});

const importBody = z.strictObject({
  csv: z.string({ error: 'csv must be the file’s text' }).max(1_500_000, 'csv must be at most 1.5 MB'),
});

const COLUMNS = ['id', 'from_path', 'to_path', 'code', 'automatic', 'hits', 'last_hit_at', 'updated_at'] as const;

const shown = (row: {
  id: number;
  from_path: string;
  to_path: string | null;
  code: number;
  automatic: number;
  hits: number;
  last_hit_at: string | null;
  updated_at: string;
}) => ({
  id: row.id,
  from: row.from_path,
  to: row.to_path,
  code: row.code,
  automatic: row.automatic === 1,
  hits: Number(row.hits),
  last_hit_at: row.last_hit_at,
  updated_at: row.updated_at,
});

/** One redirect as given, checked: its fields' problems as a 400 naming each. */
function checked(body: { from?: unknown; to?: unknown; code?: unknown }): CheckedRedirect {
  const result = checkRedirect(body);
  if ('errors' in result) throw invalidRequest('body', result.errors);
  return result.redirect;
}

export async function redirectRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const { redirects } = app.ctx;

  const readOne = async (appKey: string, id: number) => {
    const row = await db
      .selectFrom('redirects')
      .select(COLUMNS)
      .where('app_key', '=', appKey)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound('Redirect');
    return shown(row);
  };

  api.get(
    '/redirects',
    {
      config: needs('redirects', 'read'),
      schema: {
        ...operation('redirects.list', 'List the site’s redirects', 'By address; `search_key` finds text in from or to.'),
        tags,
        querystring: listQuery,
        response: { 200: listEnvelope(redirectRecord) },
      },
    },
    async (request) => {
      await redirects.flush();
      const { page, size } = paging(request.query);
      const search = request.query.search_key?.trim();
      let base = db.selectFrom('redirects').where('app_key', '=', request.application.app_key);
      if (search) {
        const pattern = likePattern(search);
        base = base.where(sql<boolean>`(from_path like ${pattern} escape '\\' or to_path like ${pattern} escape '\\')`);
      }
      const { rows, total } = await pageOf(base, (q) => q.select(COLUMNS).orderBy('from_path'), { page, size });
      return paged(rows.map(shown), page, size, total);
    },
  );

  api.post(
    '/redirects',
    {
      config: needs('redirects', 'create'),
      schema: {
        ...operation(
          'redirects.create',
          'Add a redirect',
          'From a path of this site to another (301 or 302), or 410 Gone (no `to`). A `to` that another redirect leads on from is followed to its end (no chains); one that would loop is refused.',
        ),
        tags,
        body: redirectBody,
        response: { 201: itemEnvelope(redirectRecord) },
      },
    },
    async (request, reply) => {
      const appKey = request.application.app_key;
      const [id] = await redirects.apply(appKey, [{ redirect: checked(request.body) }]);
      const row = await readOne(appKey, id!);
      await recordActivity(request, { action: 'create', entity: 'redirects', recordId: id, changes: { from: [null, row.from] } });
      return reply.status(201).send({ message: 'Redirect added', data: row });
    },
  );

  api.put(
    '/redirects/:id',
    {
      config: needs('redirects', 'update'),
      schema: {
        ...operation('redirects.update', 'Change a redirect'),
        tags,
        params: idParams,
        body: redirectBody,
        response: { 200: itemEnvelope(redirectRecord) },
      },
    },
    async (request) => {
      const appKey = request.application.app_key;
      const before = await readOne(appKey, request.params.id);
      const [id] = await redirects.apply(appKey, [{ redirect: checked(request.body) }], { replacing: before.id });
      const row = await readOne(appKey, id!);
      await recordActivity(request, {
        action: 'update',
        entity: 'redirects',
        recordId: id,
        changes: { from: [before.from, row.from], to: [before.to, row.to], code: [before.code, row.code] },
      });
      return { message: 'Redirect saved', data: row };
    },
  );

  api.delete(
    '/redirects/:id',
    {
      config: needs('redirects', 'delete'),
      schema: {
        ...operation('redirects.delete', 'Remove a redirect', 'Its address answers as any other again (a page, or 404).'),
        tags,
        params: idParams,
        response: { 200: itemEnvelope(redirectRecord) },
      },
    },
    async (request) => {
      const appKey = request.application.app_key;
      const row = await readOne(appKey, request.params.id);
      await db.deleteFrom('redirects').where('app_key', '=', appKey).where('id', '=', row.id).execute();
      await recordActivity(request, {
        action: 'delete',
        entity: 'redirects',
        recordId: row.id,
        changes: { from: [row.from, null] },
      });
      return { message: 'Redirect removed', data: row };
    },
  );

  api.get(
    '/redirects/export.csv',
    {
      config: needs('redirects', 'read'),
      schema: {
        ...operation('redirects.export', 'Download the redirects as CSV', 'Header `from,to,code`, one row per redirect.'),
        tags,
        produces: ['text/csv'],
        response: { 200: csvAnswer },
      },
    },
    async (request, reply) => {
      const appKey = request.application.app_key;
      const rows = await db
        .selectFrom('redirects')
        .select(['from_path', 'to_path', 'code'])
        .where('app_key', '=', appKey)
        .orderBy('from_path')
        .execute();
      return sendCsv(
        reply,
        'redirects',
        appKey,
        CSV_HEADER,
        rows.map((row) => [row.from_path, row.to_path ?? '', row.code]),
      );
    },
  );

  api.post(
    '/redirects/import',
    {
      config: needs('redirects', 'create'),
      schema: {
        ...operation(
          'redirects.import',
          'Import redirects from CSV',
          `The text of a CSV file with the header \`from,to,code\` (what the export writes), at most ${IMPORT_ROWS} rows. Every row is checked first: a bad one is refused with its line number and field, and nothing is imported. A row whose \`from\` a redirect has already replaces it.`,
        ),
        tags,
        body: importBody,
        response: { 200: itemEnvelope({ type: 'object', properties: { imported: { type: 'integer' } } }) },
      },
    },
    async (request) => {
      const appKey = request.application.app_key;
      const [header, ...rows] = parseCsv(request.body.csv);
      const refuse = (line: number, field: string, text: string): never => {
        throw new HttpError(400, `Line ${line}: ${field}: ${text}`, { line: String(line), [field]: `Line ${line}: ${text}` });
      };
      if (!header || header.cells.map((cell) => cell.trim().toLowerCase()).join(',') !== CSV_HEADER.join(','))
        refuse(header?.line ?? 1, 'csv', `the first line must be the header ${CSV_HEADER.join(',')}`);
      if (rows.length === 0) refuse(2, 'csv', 'the file has no rows after its header');
      if (rows.length > IMPORT_ROWS) refuse(rows[IMPORT_ROWS]!.line, 'csv', `at most ${IMPORT_ROWS} rows in one import`);
      const seen = new Map<string, number>();
      const planned = rows.map(({ line, cells }) => {
        if (cells.length !== CSV_HEADER.length)
          refuse(line, 'csv', `has ${cells.length} cells, not ${CSV_HEADER.length} (from,to,code)`);
        const [from, to, code] = cells.map((cell) => cell.trim()) as [string, string, string];
        const result = checkRedirect({ from, to, code: /^\d+$/.test(code) ? Number(code) : code });
        if ('errors' in result) {
          const [field, text] = Object.entries(result.errors)[0]!;
          refuse(line, field, text);
        }
        const { redirect } = result as { redirect: CheckedRedirect };
        const earlier = seen.get(redirect.from);
        if (earlier !== undefined) refuse(line, 'from', `${redirect.from} is on line ${earlier} already`);
        seen.set(redirect.from, line);
        return { redirect, line };
      });
      const ids = await redirects.apply(appKey, planned, { overwrite: true });
      await recordActivity(request, { action: 'create', entity: 'redirects', changes: { imported: [null, ids.length] } });
      return { message: `${ids.length} redirects imported`, data: { imported: ids.length } };
    },
  );

  api.get(
    '/redirects/not-found',
    {
      config: needs('redirects', 'read'),
      schema: {
        ...operation(
          'redirects.notFound',
          'List the addresses visitors found missing',
          'The 404 log, most recently seen first: each path, how often, when last, and the host of the last page that linked to it. No IP addresses, referrer paths or queries are kept.',
        ),
        tags,
        querystring: listQuery,
        response: { 200: listEnvelope(notFoundRecord) },
      },
    },
    async (request) => {
      await redirects.flush();
      const { page, size } = paging(request.query);
      const base = db.selectFrom('not_found_log').where('app_key', '=', request.application.app_key);
      const { rows, total } = await pageOf(
        base,
        (q) => q.select(['id', 'path', 'hits', 'last_seen', 'referrer_host']).orderBy('last_seen', 'desc').orderBy('id', 'desc'),
        { page, size },
      );
      return paged(
        rows.map((row) => ({ ...row, hits: Number(row.hits) })),
        page,
        size,
        total,
      );
    },
  );
}
