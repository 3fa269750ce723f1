/**
 * Serves the uploads at /uploads/…: the originals as stored, and their renditions, made on the
 * first request for one that is not there yet. Stored names are unique and never reused, so a
 * file at an address never changes and may be cached for a year.
 *
 * Three ways, by the settings:
 * - the local folder is served from disk (@fastify/static: streamed, ranged, conditional);
 * - an S3 store is streamed from the bucket the same way (ranges, ETag, Last-Modified);
 * - with STORAGE_PUBLIC_URL, a visitor is sent (302) to where the bucket or a CDN publishes a
 *   picture, or to a signed bucket address (`signed`) that names the type the browser gets, and
 *   the bytes never pass through this server. What is not a picture (a PDF) is streamed from here
 *   all the same: only this server's answer carries the sandbox (UPLOAD_CSP) and `attachment`.
 *
 * Every way answers only what the media library holds (library-files.ts) and its renditions.
 */
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RENDITIONS_DIR, isResizable, type RenditionFormat } from '../../shared/renditions';
import { fileUrl } from '../../shared/renditions';
import { isLibraryFile } from './library-files';
import { PARTIAL_DIR } from './partial-uploads';
import { replacementAddress } from './replaced';
import { Renditions } from './renditions';
import { operation } from '../openapi';
import { contentTypeOf, isStorageKey, type FileStorage } from '../storage/storage';
import { S3Storage } from '../storage/s3';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An upload is never a page of this site: nothing in it may run (a GIF that is also HTML, a PDF with script). */
const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
/** How long a signed bucket address lasts, and how long a browser may keep the redirect to it (less). */
const SIGNED_SECONDS = 6 * 60 * 60;
const isPicture = (key: string) => /\.(png|jpe?g|webp|gif|avif)$/i.test(key);
const isPartial = (key: string) => key.startsWith(`${PARTIAL_DIR}/`);

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const { renditions, config, storage } = app.ctx;
  // Renditions being written when the server stops are finished first; those only queued ahead are left.
  app.addHook('onClose', async () => {
    await renditions.stop();
    await storage.close();
  });
  const db = app.ctx.database.db;
  const elsewhere = config.storagePublicUrl ? directAddress(storage, config.storagePublicUrl) : undefined;
  if (elsewhere) {
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/uploads/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const key = request.params['*'];
        // A key the storage would refuse (`..`, `//`, a backslash) names no upload.
        if (isPartial(key) || !isStorageKey(key)) return reply.callNotFound();
        const replacement = await replacementAddress(db, request.url);
        if (replacement) return reply.redirect(replacement, 301);
        if (!(await isLibraryFile(db, key))) return reply.callNotFound();
        // A redirect cannot carry the sandbox: what is not a picture is sent from here, with it.
        if (!isPicture(key)) return sendObject(storage, request, reply, key);
        return redirectTo(reply, await elsewhere(key));
      },
    });
  } else if (storage.kind === 'local') {
    await fs.mkdir(config.uploadDir, { recursive: true });
    // What the library does not hold is not served, though the folder may have it.
    app.addHook('onRequest', async function libraryFilesOnly(request, reply) {
      if (request.routeOptions.url !== '/uploads/*') return;
      if (await isLibraryFile(db, (request.params as { '*'?: string })['*'] ?? '')) return;
      reply.callNotFound();
      return reply;
    });
    await app.register(fastifyStatic, {
      root: config.uploadDir,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Uploads in progress are nobody's to read.
      allowedPath: (pathName) => !isPartial(pathName.slice(1)),
      maxAge: '365d',
      immutable: true,
      // What is not an image is downloaded rather than shown.
      setHeaders: (res, filePath) => {
        res.setHeader('Content-Security-Policy', UPLOAD_CSP);
        if (!isPicture(filePath)) res.setHeader('Content-Disposition', 'attachment');
      },
    });
  } else {
    // HEAD is its own: it answers the object's length without reading it.
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/uploads/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const key = request.params['*'];
        if (!(await isLibraryFile(db, key))) return reply.callNotFound();
        return sendObject(storage, request, reply, key);
      },
    });
  }

  const renditionSchema = {
    ...operation(
      'files.rendition',
      'Read a smaller copy of a picture',
      'A width the site uses (`640`), or a frame cut around the focal point (`320x320`, `1200x630`), as AVIF or WebP; made on first request and kept. Public, like the file itself.',
    ),
    tags: ['Files'],
    produces: ['image/avif', 'image/webp'],
    response: { 200: { type: 'string', contentMediaType: 'image/*', description: 'The picture' } },
  };
  app.get<{ Params: { size: string; file: string } }>(
    `/uploads/${RENDITIONS_DIR}/:size/:file`,
    { schema: renditionSchema },
    async (request, reply) => {
      const match = /^(.+)\.(avif|webp)$/.exec(request.params.file);
      const [, name = '', format = ''] = match ?? [];
      const size = match ? Renditions.accepts(request.params.size, format) : undefined;
      if (!size || !isResizable(name) || !(await isLibraryFile(db, name)) || !(await renditions.hasOriginal(name))) {
        const replacement = await replacementAddress(app.ctx.database.db, request.url);
        if (replacement) return reply.redirect(replacement, 301);
        return reply.status(404).send({ message: 'No such rendition' });
      }
      if (elsewhere) {
        const key = await renditions.ensure(name, size, format as RenditionFormat);
        return key ? redirectTo(reply, await elsewhere(key)) : reply.redirect(fileUrl(name), 302);
      }
      const bytes = await renditions.bytes(name, size, format as RenditionFormat);
      // An original sharp cannot read is still a file the page may show: send it there instead.
      if (!bytes) return reply.redirect(fileUrl(name), 302);
      return reply
        .header('Cache-Control', IMMUTABLE)
        .header('Content-Security-Policy', UPLOAD_CSP)
        .type(`image/${format}`)
        .send(bytes);
    },
  );
}

/** Where a visitor fetches a stored object without this server: a signed bucket address, or the public one. */
function directAddress(storage: FileStorage, setting: string): (key: string) => Promise<{ url: string; cache: string }> {
  if (setting === 'signed') {
    if (!(storage instanceof S3Storage)) throw new Error('STORAGE_PUBLIC_URL=signed needs an S3 store (STORAGE_URL=s3://…)');
    return async (key) => ({
      // The bucket answers with the type and disposition this server would have sent.
      url: await storage.signedUrl(key, SIGNED_SECONDS, {
        contentType: contentTypeOf(key),
        disposition: isPicture(key) ? 'inline' : 'attachment',
      }),
      cache: `private, max-age=${SIGNED_SECONDS / 2}`,
    });
  }
  return async (key) => ({
    url: `${setting}/${key.split('/').map(encodeURIComponent).join('/')}`,
    cache: 'public, max-age=86400',
  });
}

function redirectTo(reply: FastifyReply, { url, cache }: { url: string; cache: string }) {
  return reply.header('Cache-Control', cache).redirect(url, 302);
}

/**
 * One stored object as a file server would send it: its type by name, a year's cache, a validator
 * (ETag, Last-Modified) answered with 304, and one byte range (206, or 416 outside the file).
 */
async function sendObject(storage: FileStorage, request: FastifyRequest, reply: FastifyReply, key: string) {
  const info = isPartial(key) || !isStorageKey(key) ? undefined : await storage.stat(key);
  if (!info) return reply.callNotFound();
  reply
    .header('Cache-Control', IMMUTABLE)
    .header('Content-Security-Policy', UPLOAD_CSP)
    .header('Accept-Ranges', 'bytes')
    .header('ETag', info.etag)
    .header('Last-Modified', info.modified.toUTCString())
    .type(contentTypeOf(key));
  if (!isPicture(key)) reply.header('Content-Disposition', 'attachment');
  const sinceModified = Date.parse(request.headers['if-modified-since'] ?? '');
  if (
    request.headers['if-none-match'] === info.etag ||
    (!request.headers['if-none-match'] && sinceModified >= Math.floor(info.modified.getTime() / 1000) * 1000)
  ) {
    return reply.status(304).send();
  }
  const range = byteRange(request.headers.range, info.size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${info.size}`).send();
  }
  const length = range ? range.end - range.start + 1 : info.size;
  reply.header('Content-Length', length);
  if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${info.size}`);
  if (request.method === 'HEAD') return reply.send();
  const body: Readable | undefined = await storage.stream(key, range);
  if (!body) return reply.callNotFound();
  return reply.send(body);
}

/** One range of `Range: bytes=…` (several are answered whole, as many servers do). */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [start, end] =
    match[1] === ''
      ? [Math.max(0, size - Number(match[2])), size - 1]
      : [Number(match[1]), match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)];
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
