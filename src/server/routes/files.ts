/**
 * The media library. Files are recognised by their content (not their name or the client's
 * claimed type), stored under UPLOAD_DIR with a generated name, and listed per application.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENTITIES, type ResourceName } from '../../shared/entities';
import { LIMITS } from '../../shared/limits';
import { serviceFor } from '../plugins/context';
import { recordActivity } from '../activity/activity-log';
import { now } from '../db/database';
import { HttpError, notFound } from '../errors';
import { needs } from '../plugins/auth';
import { itemEnvelope, nullable } from './response-schemas';
import { DOCUMENTED_BODY, operation } from '../openapi';
import { fileUrl } from '../../shared/renditions';
import { storeFile } from '../media/store-file';
import { acceptMultipart } from '../plugins/multipart';

/** A stored name: what we generate, and nothing that could climb out of the upload folder. */
export const STORED_NAME = /^[a-z0-9][a-z0-9-]*\.[a-z0-9]{2,5}$/;
const filenameParams = z.object({ filename: z.string().max(200) });
const tags = ['Files'];

/**
 * The one file of a multipart upload. A body that cannot be read (cut off, no boundary, not
 * multipart) is the client's mistake: 400 on `file`, never a 500. Size limits keep their 413.
 */
async function readUpload(request: FastifyRequest): Promise<{ filename: string; buffer: Buffer }> {
  const unreadable = () =>
    new HttpError(400, 'The upload could not be read: send one file as multipart/form-data.', { file: 'Unreadable upload' });
  try {
    const part = await request.file({ limits: { fileSize: LIMITS.upload.maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') throw new HttpError(400, 'Please select a file to upload.', { file: 'Required' });
    return { filename: part.filename, buffer: await part.toBuffer() };
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof HttpError || status === 413 || status === 415 || status === 406) throw error;
    throw unreadable();
  }
}

/**
 * A file named by a record (live or in the Trash), a site setting, a revision or a draft is not
 * erased: restoring any of them would otherwise bring back a broken image. 409 says who uses it.
 */
async function refuseIfUsed(app: FastifyInstance, appKey: string, name: string): Promise<void> {
  const users: string[] = [];
  const site = await app.ctx.services.applications.repo.findBy(null, 'app_key', appKey);
  if (site && Object.values(site).some((value) => typeof value === 'string' && value.includes(name))) {
    users.push('the site settings');
  }
  for (const def of Object.values(ENTITIES).filter((d) => d.tenant)) {
    const rows = await serviceFor(app.ctx.services, def.resource as ResourceName).repo.mentioning(appKey, name, 3);
    for (const row of rows) {
      const label = String(row[def.labelField] ?? '').trim() || `#${row.id}`;
      users.push(`${def.formTitle} "${label}"${row.deleted_at ? ' (in the Trash)' : ''}`);
    }
  }
  for (const table of ['revisions', 'drafts'] as const) {
    const kept = await app.ctx.database.db
      .selectFrom(table)
      .select('resource')
      .where('app_key', '=', appKey)
      .where(table === 'revisions' ? 'snapshot' : 'data', 'like', `%${name}%`)
      .executeTakeFirst();
    if (kept) users.push(table === 'revisions' ? 'an earlier version in History' : 'an unpublished draft');
  }
  if (users.length === 0) return;
  const shown = users.slice(0, 4).join(', ') + (users.length > 4 ? ` and ${users.length - 4} more` : '');
  throw new HttpError(409, `This file is still used by ${shown}. Remove it there first.`, { filename: `Used by ${shown}` });
}

const FILE_COLUMNS = [
  'name',
  'original_name',
  'mime',
  'size',
  'alt',
  'caption',
  'folder',
  'focal_x',
  'focal_y',
  'created_at',
] as const;
const listQuery = z.object({
  folder: z
    .string()
    .max(80, 'folder must be at most 80 characters')
    .optional()
    .describe('Only the files of this folder; empty for those in none'),
});
/** A point of the picture, 0..1 from the left and from the top. */
const share = (axis: string) =>
  z
    .number({ error: `focal.${axis} must be a number` })
    .min(0, `focal.${axis} must be between 0 and 1`)
    .max(1, `focal.${axis} must be between 0 and 1`);
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullable()
    .optional();
const detailsBody = z
  .object({
    alt: optionalText('alt', 300),
    caption: optionalText('caption', 1000),
    folder: optionalText('folder', 80),
    focal: z
      .object({ x: share('x'), y: share('y') })
      .nullable()
      .optional(),
  })
  .strict();

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;

  const file = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      original_name: nullable('string'),
      mime: { type: 'string' },
      size: { type: 'integer' },
      alt: nullable('string'),
      caption: nullable('string'),
      folder: nullable('string'),
      focal_x: nullable('number'),
      focal_y: nullable('number'),
      created_at: { type: 'string' },
      url: { type: 'string' },
    },
  };
  const listSchema = {
    ...operation('files.list', 'List the site’s files', '`file_names` holds their addresses, as the spec’s picker reads them.'),
    tags,
    response: {
      200: {
        type: 'object',
        properties: { file_names: { type: 'array', items: { type: 'string' } }, files: { type: 'array', items: file } },
      },
    },
  };
  api.get('/files', { config: needs('files', 'read'), schema: { ...listSchema, querystring: listQuery } }, async (request) => {
    const { folder } = request.query;
    let query = db
      .selectFrom('files')
      .select(FILE_COLUMNS)
      .where('app_key', '=', request.application.app_key)
      // A replaced file lives on only as an address that leads to its replacement.
      .where('replaced_by', 'is', null)
      .orderBy('id', 'desc');
    if (folder !== undefined) query = folder === '' ? query.where('folder', 'is', null) : query.where('folder', '=', folder);
    const rows = await query.execute();
    const files = rows.map((r) => ({ ...r, url: fileUrl(r.name) }));
    return { file_names: files.map((f) => f.url), files };
  });

  // The one route here that reads a multipart body, in a context of its own (plugins/multipart.ts).
  await app.register(async (uploads) => {
    await acceptMultipart(uploads);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      '/upload-single',
      {
        config: needs('files', 'create'),
        schema: {
          ...operation(
            'files.upload',
            'Upload a file',
            'One image (PNG, JPEG, WebP, GIF, AVIF) or PDF of at most 10 MB, in the multipart field `file`.',
          ),
          tags,
          consumes: ['multipart/form-data'],
          [DOCUMENTED_BODY]: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The file' } },
          },
          response: { 201: itemEnvelope(file) },
        },
      },
      async (request, reply) => {
        const { filename, buffer } = await readUpload(request);
        const file = await storeFile(request, { originalName: filename, content: { bytes: buffer }, size: buffer.length });
        return reply.status(201).send({ message: 'File uploaded successfully!', data: file });
      },
    );
  });

  api.patch(
    '/files/:filename',
    {
      config: needs('files', 'update'),
      schema: {
        ...operation(
          'files.describe',
          'Describe a file',
          'Its alt text and caption (offered wherever it is inserted), its folder, and the focal point its renditions and `object-position` are framed around; a new focal point remakes the renditions.',
        ),
        tags,
        params: filenameParams,
        body: detailsBody,
        response: { 200: itemEnvelope(file) },
      },
    },
    async (request) => {
      const { filename } = request.params;
      const appKey = request.application.app_key;
      const { focal, ...text } = request.body;
      const before = await db
        .selectFrom('files')
        .select(FILE_COLUMNS)
        .where('app_key', '=', appKey)
        .where('name', '=', filename)
        .where('replaced_by', 'is', null)
        .executeTakeFirst();
      if (!before) throw notFound('File');
      const empty = (value: string | null | undefined) => (value === undefined ? undefined : value || null);
      const changes = {
        ...(text.alt !== undefined ? { alt: empty(text.alt) } : {}),
        ...(text.caption !== undefined ? { caption: empty(text.caption) } : {}),
        ...(text.folder !== undefined ? { folder: empty(text.folder) } : {}),
        ...(focal !== undefined ? { focal_x: focal?.x ?? null, focal_y: focal?.y ?? null } : {}),
      };
      await db
        .updateTable('files')
        .set({ ...changes, updated_at: now() })
        .where('app_key', '=', appKey)
        .where('name', '=', filename)
        .execute();
      const after = { ...before, ...changes };
      if (focal !== undefined && (before.focal_x !== after.focal_x || before.focal_y !== after.focal_y)) {
        await app.ctx.renditions.reframe(filename);
      }
      await recordActivity(request, {
        action: 'update',
        entity: 'files',
        changes: Object.fromEntries(
          Object.keys(changes).map((key) => [key, [before[key as keyof typeof before], after[key as keyof typeof after]]]),
        ),
      });
      return { message: 'File updated', data: { ...after, url: fileUrl(filename) } };
    },
  );

  api.delete(
    '/delete-file/:filename',
    {
      config: needs('files', 'delete'),
      schema: {
        ...operation('files.delete', 'Delete a file', 'Refused (409) while a record still shows it.'),
        tags,
        params: filenameParams,
        response: { 200: itemEnvelope({ type: 'object', properties: { name: { type: 'string' } } }) },
      },
    },
    async (request) => {
      const { filename } = request.params;
      if (!STORED_NAME.test(filename)) {
        throw new HttpError(400, 'Not a stored file name', { filename: 'Not a stored file name' });
      }
      await refuseIfUsed(app, request.application.app_key, filename);
      const deleted = await db
        .deleteFrom('files')
        .where('app_key', '=', request.application.app_key)
        .where('name', '=', filename)
        .where('replaced_by', 'is', null)
        .executeTakeFirst();
      // The addresses that led to it lead nowhere now.
      await db
        .deleteFrom('files')
        .where('app_key', '=', request.application.app_key)
        .where('replaced_by', '=', filename)
        .execute();
      if (Number(deleted.numDeletedRows) === 0) throw notFound('File');
      await app.ctx.storage.remove([filename]);
      await app.ctx.renditions.remove(filename);
      await recordActivity(request, { action: 'delete', entity: 'files', changes: { name: [filename, null] } });
      return { message: 'File deleted', data: { name: filename } };
    },
  );
}
