/**
 * The media library. Files are recognised by their content (not their name or the client's
 * claimed type), stored under UPLOAD_DIR with a generated name, and listed per application.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENTITIES, type ResourceName } from '../../shared/entities';
import { LIMITS } from '../../shared/limits';
import { serviceFor } from '../plugins/context';
import { recordActivity } from '../activity/activity-log';
import { slugify } from '../content/slug';
import { now } from '../db/database';
import { HttpError, notFound } from '../errors';
import { needs } from '../plugins/auth';
import { LONE_SURROGATE } from '../plugins/text-guard';
import { itemEnvelope, nullable } from './response-schemas';
import { DOCUMENTED_BODY, operation } from '../openapi';

/** A stored name: what we generate, and nothing that could climb out of the upload folder. */
export const STORED_NAME = /^[a-z0-9][a-z0-9-]*\.[a-z0-9]{2,5}$/;
const filenameParams = z.object({ filename: z.string().max(200) });
const tags = ['Files'];

/** Site-relative, so stored addresses survive a proxy, HTTPS or a new domain. */
export const fileUrl = (name: string) => `/uploads/${name}`;

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

/** The name the uploader gave, for display only: without control characters or broken Unicode. */
function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = filename.replace(/[\u0000-\u001f\u007f]/g, '').replace(new RegExp(LONE_SURROGATE, 'g'), '');
  return clean.slice(0, 255) || 'file';
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

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const uploadDir = app.ctx.config.uploadDir;
  await fs.mkdir(uploadDir, { recursive: true });

  const file = {
    type: 'object',
    properties: {
      name: { type: 'string' },
      original_name: nullable('string'),
      mime: { type: 'string' },
      size: { type: 'integer' },
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
  api.get('/files', { config: needs('files', 'read'), schema: listSchema }, async (request) => {
    const rows = await db
      .selectFrom('files')
      .select(['name', 'original_name', 'mime', 'size', 'created_at'])
      .where('app_key', '=', request.application.app_key)
      .orderBy('id', 'desc')
      .execute();
    const files = rows.map((r) => ({ ...r, url: fileUrl(r.name) }));
    return { file_names: files.map((f) => f.url), files };
  });

  api.post(
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
      const type = await fileTypeFromBuffer(buffer);
      if (!type || !(LIMITS.upload.mimeTypes as readonly string[]).includes(type.mime)) {
        throw new HttpError(415, 'Only PNG, JPEG, WebP, GIF, AVIF images and PDF files can be uploaded', {
          file: 'Unsupported file type',
        });
      }
      const originalName = displayName(filename);
      const base = slugify(path.parse(originalName).name).slice(0, 60) || 'file';
      const name = `${base}-${randomBytes(5).toString('hex')}.${type.ext}`;
      const file = path.join(uploadDir, name);
      // The row first, the file inside its transaction: a refused row writes nothing to disk, and a
      // failed write leaves no row naming a file that is not there.
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('files')
          .values({
            app_key: request.application.app_key,
            name,
            original_name: originalName,
            mime: type.mime,
            size: buffer.length,
            created_at: now(),
            updated_at: now(),
          })
          .execute();
        await fs.writeFile(file, buffer, { flag: 'wx' });
      });
      await recordActivity(request, { action: 'upload', entity: 'files', changes: { name: [null, name] } });
      void app.ctx.renditions.prepare(name);
      return reply.status(201).send({
        message: 'File uploaded successfully!',
        data: { name, url: fileUrl(name), mime: type.mime, size: buffer.length },
      });
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
        .executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw notFound('File');
      await fs.rm(path.join(uploadDir, filename), { force: true });
      await app.ctx.renditions.remove(filename);
      await recordActivity(request, { action: 'delete', entity: 'files', changes: { name: [filename, null] } });
      return { message: 'File deleted', data: { name: filename } };
    },
  );
}
