/**
 * Keeping a new file in the media library, whichever way it came (one multipart POST, or a
 * resumable upload assembled on disk): its type is read from its content, never from its name or
 * the client's claim; it gets a generated name; its row and its bytes land together; the activity
 * log hears of it; its renditions are queued; and records saved while it was still on its way,
 * naming it by its pending reference, are given its address.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import { LIMITS } from '../../shared/limits';
import { pendingRef } from '../../shared/pending-upload';
import { fileUrl } from '../../shared/renditions';
import { recordActivity } from '../activity/activity-log';
import { siteScope } from '../cache/public-answers';
import { slugify } from '../content/slug';
import { now } from '../db/database';
import { HttpError } from '../errors';
import { LONE_SURROGATE } from '../plugins/text-guard';
import { resolvePendingRef } from './pending-refs';

export interface StoredFile {
  name: string;
  url: string;
  mime: string;
  size: number;
}

export interface IncomingFile {
  /** The name the uploader gave, shown in the library. */
  originalName: string;
  /** The bytes, in memory (multipart) or assembled in a file (resumable). */
  content: { bytes: Buffer } | { path: string };
  size: number;
  /** The resumable upload that brought it: finishing it again finds this file. */
  uploadId?: string;
  /** The token of the pending reference records may already name. */
  pendingToken?: string;
}

export const UNSUPPORTED_TYPE = new HttpError(415, 'Only PNG, JPEG, WebP, GIF, AVIF images and PDF files can be uploaded', {
  file: 'Unsupported file type',
});

/** The name the uploader gave, for display only: without control characters or broken Unicode. */
function displayName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = filename.replace(/[\u0000-\u001f\u007f]/g, '').replace(new RegExp(LONE_SURROGATE, 'g'), '');
  return clean.slice(0, 255) || 'file';
}

/** What the content says it is, when that is a type the library keeps; otherwise 415. */
async function sniff(content: IncomingFile['content']) {
  const type = 'bytes' in content ? await fileTypeFromBuffer(content.bytes) : await fileTypeFromFile(content.path);
  if (!type || !(LIMITS.upload.mimeTypes as readonly string[]).includes(type.mime)) throw UNSUPPORTED_TYPE;
  return type;
}

/** Another name for the assembled file (no copy), or a copy where the folders are on different disks. */
async function place(from: string, to: string): Promise<void> {
  try {
    await fs.link(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await fs.copyFile(from, to, fs.constants.COPYFILE_EXCL);
  }
}

export async function storeFile(request: FastifyRequest, incoming: IncomingFile): Promise<StoredFile> {
  const app = request.server;
  const appKey = request.application.app_key;
  const db = app.ctx.database.db;
  const type = await sniff(incoming.content);
  const originalName = displayName(incoming.originalName);
  const base = slugify(path.parse(originalName).name).slice(0, 60) || 'file';
  const name = `${base}-${randomBytes(5).toString('hex')}.${type.ext}`;
  const target = path.join(app.ctx.config.uploadDir, name);
  // The row first, the file inside its transaction: a refused row writes nothing to disk, and a
  // failed write leaves no row naming a file that is not there.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('files')
      .values({
        app_key: appKey,
        name,
        original_name: originalName,
        mime: type.mime,
        size: incoming.size,
        upload_id: incoming.uploadId ?? null,
        pending_ref: incoming.pendingToken ? pendingRef(incoming.pendingToken) : null,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    if ('bytes' in incoming.content) await fs.writeFile(target, incoming.content.bytes, { flag: 'wx' });
    else await place(incoming.content.path, target);
  });
  await recordActivity(request, { action: 'upload', entity: 'files', changes: { name: [null, name] } });
  void app.ctx.renditions.prepare(name);
  if (incoming.pendingToken) {
    await resolvePendingRef(db, appKey, pendingRef(incoming.pendingToken), fileUrl(name));
    app.ctx.cache.invalidate(siteScope(appKey));
  }
  return { name, url: fileUrl(name), mime: type.mime, size: incoming.size };
}
