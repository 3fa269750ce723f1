/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and every
 * other page URL answered with index.html carrying the head the server renders for that URL.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderHead } from '../seo/head';

const API_PREFIXES = ['/cms', '/uploads'];
const HEAD_MARKER = /<!--app-head-->\s*(<title>[^<]*<\/title>)?/;

export async function spaRoutes(app: FastifyInstance): Promise<void> {
  const { staticDir } = app.ctx.config;
  const indexFile = path.join(staticDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  // Re-read when the build changes under a running server, so a rebuild never serves old asset names.
  let cached: { mtimeMs: number; html: string } | undefined;
  const template = (): string | undefined => {
    const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return undefined;
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
    return cached.html;
  };

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const html = template();
    if (!html) {
      return reply
        .status(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><title>Build missing</title><p>The site has not been built yet: run <code>npm run build</code>.</p>');
    }
    const { head, status } = await renderHead(request);
    return reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html.replace(HEAD_MARKER, head));
  };

  // The static plugin would answer "/" as a directory listing request; the home page is the SPA.
  app.get('/', { schema: { hide: true } }, sendPage);
  // The raw build file lacks the rendered head (site config, title): send its URL home instead.
  app.get('/index.html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/', 301));
  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((p) => request.url.startsWith(p));
    if (!isPage) return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
    return sendPage(request, reply);
  });
}
