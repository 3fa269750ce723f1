/**
 * Serves UPLOAD_DIR: the originals as stored, and their renditions, made on the first request
 * for one that is not there yet. Stored names are unique and never reused, so a file at an
 * address never changes and may be cached for a year.
 */
import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { RENDITIONS_DIR, isResizable, type RenditionFormat } from '../../shared/renditions';
import { fileUrl } from '../../shared/renditions';
import { PARTIAL_DIR } from './partial-uploads';
import { replacementAddress } from './replaced';
import { Renditions } from './renditions';
import { operation } from '../openapi';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An upload is never a page of this site: nothing in it may run (a GIF that is also HTML, a PDF with script). */
const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const { renditions, config } = app.ctx;
  await fs.mkdir(config.uploadDir, { recursive: true });
  // Renditions being written when the server stops are finished first.
  app.addHook('onClose', () => renditions.idle());
  await app.register(fastifyStatic, {
    root: config.uploadDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Uploads in progress are nobody's to read.
    allowedPath: (pathName) => !pathName.startsWith(`/${PARTIAL_DIR}/`),
    maxAge: '365d',
    immutable: true,
    // What is not an image is downloaded rather than shown.
    setHeaders: (res, filePath) => {
      res.setHeader('Content-Security-Policy', UPLOAD_CSP);
      if (!/\.(png|jpe?g|webp|gif|avif)$/i.test(filePath)) res.setHeader('Content-Disposition', 'attachment');
    },
  });

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
      if (!size || !isResizable(name) || !(await renditions.hasOriginal(name))) {
        const replacement = await replacementAddress(app.ctx.database.db, request.url);
        if (replacement) return reply.redirect(replacement, 301);
        return reply.status(404).send({ message: 'No such rendition' });
      }
      const file = await renditions.ensure(name, size, format as RenditionFormat);
      // An original sharp cannot read is still a file the page may show: send it there instead.
      if (!file) return reply.redirect(fileUrl(name), 302);
      return reply
        .header('Cache-Control', IMMUTABLE)
        .header('Content-Security-Policy', UPLOAD_CSP)
        .type(`image/${format}`)
        .send(await fs.readFile(file));
    },
  );
}
