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
import { LIMITS } from '../../shared/limits';
import { slugify } from '../content/slug';
import { now } from '../db/database';
import { HttpError, notFound } from '../errors';

/** A stored name: what we generate, and nothing that could climb out of the upload folder. */
export const STORED_NAME = /^[a-z0-9][a-z0-9-]*\.[a-z0-9]{2,5}$/;
const filenameParams = z.object({ filename: z.string().max(200) });
const tags = ['Files'];

export const fileUrl = (request: FastifyRequest, name: string) => `${request.protocol}://${request.host}/uploads/${name}`;

export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.ctx.database.db;
  const uploadDir = app.ctx.config.uploadDir;
  await fs.mkdir(uploadDir, { recursive: true });

  api.get('/files', { schema: { tags } }, async (request) => {
    const rows = await db
      .selectFrom('files')
      .select(['name', 'original_name', 'mime', 'size', 'created_at'])
      .where('app_key', '=', request.application.app_key)
      .orderBy('id', 'desc')
      .execute();
    const files = rows.map((r) => ({ ...r, url: fileUrl(request, r.name) }));
    return { file_names: files.map((f) => f.url), files };
  });

  api.post('/upload-single', { schema: { tags, consumes: ['multipart/form-data'] } }, async (request, reply) => {
    const part = await request.file({ limits: { fileSize: LIMITS.upload.maxBytes, files: 1 } });
    if (!part || part.fieldname !== 'file') {
      throw new HttpError(400, 'Please select a file to upload.', { file: 'Required' });
    }
    const buffer = await part.toBuffer();
    const type = await fileTypeFromBuffer(buffer);
    if (!type || !(LIMITS.upload.mimeTypes as readonly string[]).includes(type.mime)) {
      throw new HttpError(415, 'Only PNG, JPEG, WebP, GIF, AVIF images and PDF files can be uploaded', {
        file: 'Unsupported file type',
      });
    }
    const base = slugify(path.parse(part.filename).name).slice(0, 60) || 'file';
    const name = `${base}-${randomBytes(5).toString('hex')}.${type.ext}`;
    await fs.writeFile(path.join(uploadDir, name), buffer, { flag: 'wx' });
    const row = {
      app_key: request.application.app_key,
      name,
      original_name: part.filename.slice(0, 255),
      mime: type.mime,
      size: buffer.length,
      created_at: now(),
      updated_at: now(),
    };
    await db.insertInto('files').values(row).execute();
    return reply.status(201).send({
      message: 'File uploaded successfully!',
      data: { name, url: fileUrl(request, name), mime: type.mime, size: buffer.length },
    });
  });

  api.delete('/delete-file/:filename', { schema: { tags, params: filenameParams } }, async (request) => {
    const { filename } = request.params;
    if (!STORED_NAME.test(filename)) {
      throw new HttpError(400, 'Not a stored file name', { filename: 'Not a stored file name' });
    }
    const deleted = await db
      .deleteFrom('files')
      .where('app_key', '=', request.application.app_key)
      .where('name', '=', filename)
      .executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound('File');
    await fs.rm(path.join(uploadDir, filename), { force: true });
    return { message: 'File deleted', data: { name: filename } };
  });
}
