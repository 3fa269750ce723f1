/**
 * Keeping a new file in the media library, whichever way it came (one multipart POST, or a
 * resumable upload assembled on disk): its type is read from its content, never from its name or
 * the client's claim; it gets a generated name; its row and its bytes land together; the activity
 * log hears of it; its renditions are queued; records its uploader saved while it was still on
 * its way, naming it by its pending reference, are given its address (fill-pending.ts); and a file it replaces hands over
 * its description, its place in records, and its address (which redirects here).
 */
import { randomBytes } from 'node:crypto';
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
import { fillPendingReference } from './fill-pending';
import { replaceReference } from './pending-refs';

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
  /** The stored name of the file this one replaces (resumable.ts checked it is the site's). */
  replaces?: string;
}

const UNSUPPORTED_TYPE = new HttpError(415, 'Only PNG, JPEG, WebP, GIF, AVIF images and PDF files can be uploaded', {
  file: 'Unsupported file type',
});

/** An outage of the file store (the bucket unreachable): the upload may be sent again later. */
const STORE_UNAVAILABLE = new HttpError(503, 'The file store is not answering: try again in a moment', {
  file: 'Not stored: the file store is not answering',
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

export async function storeFile(request: FastifyRequest, incoming: IncomingFile): Promise<StoredFile> {
  const app = request.server;
  const appKey = request.application.app_key;
  const db = app.ctx.database.db;
  const type = await sniff(incoming.content);
  const replaced = incoming.replaces
    ? await db
        .selectFrom('files')
        .select(['name', 'alt', 'caption', 'folder', 'focal_x', 'focal_y'])
        .where('app_key', '=', appKey)
        .where('name', '=', incoming.replaces)
        .where('replaced_by', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (incoming.replaces && !replaced)
    throw new HttpError(404, 'The file to replace is not in the library', { replaces: 'Not found' });
  const originalName = displayName(incoming.originalName);
  const base = slugify(path.parse(originalName).name).slice(0, 60) || 'file';
  const name = `${base}-${randomBytes(5).toString('hex')}.${type.ext}`;
  // The row first, the file inside its transaction: a refused row writes nothing to the storage,
  // and a failed write leaves no row naming a file that is not there.
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
        // What the library kept about the file it replaces stays with the picture.
        alt: replaced?.alt ?? null,
        caption: replaced?.caption ?? null,
        folder: replaced?.folder ?? null,
        focal_x: replaced?.focal_x ?? null,
        focal_y: replaced?.focal_y ?? null,
        created_at: now(),
        updated_at: now(),
      })
      .execute();
    await app.ctx.storage
      .write(name, 'bytes' in incoming.content ? incoming.content.bytes : incoming.content, type.mime)
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'The file store refused or did not answer');
        throw STORE_UNAVAILABLE;
      });
    if (replaced) {
      // Its address (and any that led to it) now leads here.
      await trx
        .updateTable('files')
        .set({ replaced_by: name, updated_at: now() })
        .where('app_key', '=', appKey)
        .where((eb) => eb.or([eb('name', '=', replaced.name), eb('replaced_by', '=', replaced.name)]))
        .execute();
    }
  });
  await recordActivity(request, {
    action: 'upload',
    entity: 'files',
    changes: { name: [replaced?.name ?? null, name] },
  });
  void app.ctx.renditions.prepare(name);
  if (incoming.pendingToken) await fillPendingReference(request, incoming.pendingToken, fileUrl(name));
  if (replaced) {
    // The site shows the new picture at once, under an address no cache has seen; the old address
    // redirects (files.ts) for what still names it (history, drafts, text, other sites' links).
    await replaceReference(db, appKey, fileUrl(replaced.name), fileUrl(name));
    await app.ctx.storage.remove([replaced.name]);
    await app.ctx.renditions.remove(replaced.name);
  }
  if (incoming.pendingToken || replaced) app.ctx.cache.invalidate(siteScope(appKey));
  return { name, url: fileUrl(name), mime: type.mime, size: incoming.size };
}
