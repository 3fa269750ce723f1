/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and every
 * other page URL answered with index.html carrying the head the server renders for that URL and,
 * for public pages, the page itself rendered on the server (seo/ssr.ts). `/app-shell` is the same
 * document with nothing rendered: the service worker keeps it to open any URL offline.
 */
import fs from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { expireAtNextPublish, type PageAnswer, pageKey, siteScope } from '../cache/public-answers';
import { makeAnswer, sendAnswer } from '../cache/http-answer';
import { previewSearch } from '../../shared/preview-search';
import { type PreviewState, renderHead } from '../seo/head';
import { meaningfulUrl, publicRoute } from '../seo/public-route';
import { PageRenderer, ssrStateTag } from '../seo/ssr';

const API_PREFIXES = ['/cms', '/uploads'];
const HEAD_MARKER = /<!--app-head-->\s*(<title>[^<]*<\/title>)?/;
const ROOT = '<div id="root"></div>';
export const APP_SHELL_PATH = '/app-shell';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Browsers ask again each time (304 while it holds); a CDN or proxy in front may keep a page a
  // minute and serve it stale while it fetches the next (README, "Behind a CDN or nginx").
  'cache-control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
};
const PREVIEW_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex',
};

const MODULE_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * A server-rendered page is complete without its code, so the code waits until it has painted:
 * the module tags are replaced by /start.js, which adds them after the first frame.
 */
export function startAfterPaint(document: string): string {
  const entry = MODULE_TAG.exec(document)?.[1];
  if (!entry) return document;
  const preload = [...document.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const start = `<script defer src="/start.js" data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
  return document.replace(MODULE_TAG, '').replace(MODULE_PRELOAD, '').replace('</body>', `${start}</body>`);
}

export const spaRoutes = fp(
  async (app: FastifyInstance) => {
    const { staticDir } = app.ctx.config;
    const indexFile = path.join(staticDir, 'index.html');
    const hasBuild = fs.existsSync(indexFile);
    // Pages are drawn from the site's content, so they are kept in its scope: any write to the site
    // forgets them. Concurrent first visits of one URL render it once.
    const scope = siteScope(app.ctx.config.appKey);
    // Re-read when the build changes under a running server, so a rebuild never serves old asset
    // names: looked at on every render, and watched, since kept pages are answered without a look.
    let cached: { mtimeMs: number; html: string } | undefined;
    const template = (): string | undefined => {
      const stat = fs.statSync(indexFile, { throwIfNoEntry: false });
      if (!stat) return undefined;
      if (cached?.mtimeMs !== stat.mtimeMs) {
        if (cached) app.ctx.cache.invalidateHere(scope); // a file of this server, not of the database
        cached = { mtimeMs: stat.mtimeMs, html: fs.readFileSync(indexFile, 'utf8') };
      }
      return cached.html;
    };
    const rebuilt = () => template();
    fs.watchFile(indexFile, { persistent: false, interval: 1000 }, rebuilt);
    app.addHook('onClose', async () => fs.unwatchFile(indexFile, rebuilt));

    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: staticDir,
        index: false,
        wildcard: true,
        // The server bundle (.ssr) and the build manifest (.vite) are the server's, not the public's.
        dotfiles: 'ignore',
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    const pages = new PageRenderer(app, staticDir);
    if (hasBuild) app.addHook('onReady', () => pages.warm());
    /** The whole answer for one URL: head for that URL, and the page rendered on the server for public screens. */
    const buildDocument = async (
      request: FastifyRequest,
      reply: FastifyReply,
      url: string,
      html: string,
      shell: boolean,
      preview?: PreviewState,
    ): Promise<PageAnswer> => {
      const pathname = shell ? '/' : url.split('?')[0]!;
      const [{ head, status }, page] = await Promise.all([
        renderHead(request, pathname, preview),
        !shell && publicRoute(pathname).kind !== 'admin' ? pages.render(url) : undefined,
      ]);
      if (page && 'redirect' in page) return { redirect: page.redirect, status: page.status };
      let document = html.replace(HEAD_MARKER, head);
      if (page) document = startAfterPaint(document.replace(ROOT, `<div id="root">${page.html}</div>${ssrStateTag(page.state)}`));
      // The security headers of the first answer (the same for every page) are kept with it.
      const headers = { ...(reply.getHeaders() as OutgoingHttpHeaders), ...(preview ? PREVIEW_HEADERS : PAGE_HEADERS) };
      return { answer: makeAnswer(document, headers, status) };
    };

    /** A page opened by a preview link: rendered for this request only, never kept nor indexed. */
    const sendPreview = async (request: FastifyRequest, reply: FastifyReply, html: string, token: string) => {
      const valid = (await app.ctx.previews.open(token)) !== undefined;
      const url = `${request.url.split('?')[0]}?preview=${encodeURIComponent(token)}`;
      const page = await buildDocument(request, reply, url, html, false, valid ? 'valid' : 'invalid');
      if ('redirect' in page) return reply.redirect(page.redirect, page.status);
      return sendAnswer(request, reply, page.answer);
    };

    const sendPage = async (request: FastifyRequest, reply: FastifyReply, shell = false) => {
      const html = template();
      if (!html) {
        return reply
          .status(503)
          .type('text/html; charset=utf-8')
          .send(
            '<!doctype html><title>Build missing</title><p>The site has not been built yet: run <code>npm run build</code>.</p>',
          );
      }
      const preview = shell
        ? undefined
        : previewSearch(Object.fromEntries(new URLSearchParams(request.url.split('?')[1]))).preview;
      if (preview) return sendPreview(request, reply, html, preview);
      // Kept under the key the first hook of the next request looks for (cache/public-answers.ts).
      const url = meaningfulUrl(request.url);
      const page = await app.ctx.cache.fetch(scope, pageKey(request), async () => {
        await expireAtNextPublish(app, app.ctx.config.appKey);
        return buildDocument(request, reply, url, html, shell);
      });
      if ('redirect' in page) return reply.redirect(page.redirect, page.status);
      return sendAnswer(request, reply, page.answer);
    };

    // The static plugin would answer "/" as a directory listing request; the home page is the SPA.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
    app.get(APP_SHELL_PATH, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, true));
    // The raw build file lacks the rendered head (site config, title): send its URL home instead.
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/', 301));
    app.setNotFoundHandler(async (request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !API_PREFIXES.some((p) => request.url.startsWith(p));
      if (!isPage) return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
      return sendPage(request, reply);
    });
  },
  { name: 'spa', encapsulate: true, dependencies: ['app-context', 'security-headers'] },
);
