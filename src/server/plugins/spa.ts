/**
 * Serves the built site: hashed assets cached for a year, everything else revalidated, and every
 * other page URL answered with the document the server renders for it (seo/ssr.ts): public pages
 * finished, admin screens as the document the browser fills. `/app-shell` is the document with the
 * root route only: the service worker keeps it to open any URL offline.
 */
import fs from 'node:fs';
import type { OutgoingHttpHeaders } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  carriesCredentials,
  expireAtNextPublish,
  type PageAnswer,
  pageKey,
  readParts,
  siteScope,
  wantsSignInDocument,
} from '../cache/public-answers';
import { anyPart, fromParts, type MadeFromParts } from '../cache/cache';
import { compressAhead, makeAnswer, sendAnswer } from '../cache/http-answer';
import { previewSearch } from '../../shared/preview-search';
import type { FormOutcome } from '../../shared/public-forms';
import { escapeHtml, meaningfulUrl, siteOrigin } from '../seo/origin';
import { buildFiles, PageRenderer, type PageOptions, type RenderedPage } from '../seo/ssr';
import { formPosts } from './form-posts';
import { sitePath } from './same-origin-redirects';
import { allowInlineScripts, withoutAnalytics } from './security-headers';
import { APP_PATHS, isApiOrFileAddress, isBackOfficeAddress, SEARCH_PAGE } from '../../shared/address-space';
import { isSearchPath, siteSearch, siteSearchHref } from '../../shared/site-search';
import { siteLocales } from '../content/translations';
import { siteByKey } from './tenant';
import { replacementAddress } from '../media/replaced';
import type { RedirectAnswer } from '../content/redirects';
import { siteText } from '../../shared/messages/site-catalogues';

/**
 * A redirect's (or 410's) answer, with the site's security headers. Revalidated as pages are, so
 * a redirect staff change or remove is not held by browsers (a 301 is otherwise kept for good).
 */
function redirectAnswer(moved: RedirectAnswer, headersSoFar: OutgoingHttpHeaders) {
  const gone = moved.location === undefined;
  const t = siteText(moved.locale);
  const home = `<a href="${escapeHtml(moved.home)}">${escapeHtml(t('notFound.home'))}</a>`;
  const text = gone
    ? escapeHtml(t('gone.text'))
    : escapeHtml(t('moved.text', { address: '\u0000' })).replace(
        '\u0000',
        `<a href="${escapeHtml(moved.location!)}">${escapeHtml(decodeURI(moved.location!))}</a>`,
      );
  // A short document of its own: browsers follow a redirect without showing it, and a 410's
  // visitor needs only the fact and the way home.
  const body = `<!doctype html><html lang="${escapeHtml(moved.locale)}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(gone ? t('gone.title') : t('moved.title'))}</title><p>${text}</p><p>${home}</p></html>`;
  return makeAnswer(
    body,
    {
      ...headersSoFar,
      ...PAGE_HEADERS,
      ...(gone ? {} : { location: sitePath(moved.location!) }),
    },
    moved.code,
  );
}

export const APP_SHELL_PATH = APP_PATHS.appShell;

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  // Browsers ask again each time (304 while it holds); a CDN or proxy in front may keep a page a
  // minute and serve it stale while it fetches the next (docs/operations.md, "Behind nginx or a CDN").
  'cache-control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
};
/**
 * A back-office document depends on the staff cookie (the sign-in screen or the app,
 * shared/stored-session.ts): no shared cache may keep one for everyone.
 */
const BACK_OFFICE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-cache',
};
const PREVIEW_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex',
};
/** Only a found page is kept (spa's sendPage), and a redirect staff or a rename made (bounded by their table). */
const isKeptPage = (page: PageAnswer) => 'answer' in page && (page.answer.status === 200 || page.redirectFrom !== undefined);
/**
 * The page of an unknown address, kept per origin and language (spa's sendPage): its markup, which
 * names no address, weighed by its characters as kept pages are.
 */
interface KeptNotFound {
  html: string;
  size: number;
}
const notFoundKey = (origin: string, locale: string) => `not found ${origin} ${locale}`;
/** What a render that gave no document throws out of the page cache (cache.fetch keeps no failure). */
const NO_DOCUMENT = new Error('no document could be rendered');
const UNAVAILABLE =
  '<!doctype html><title>Site unavailable</title><p>The site could not be shown: the server has no build to render it with (run <code>npm run build</code>), or its bundle failed. The server log says which.</p>';

export interface SpaOptions {
  /** Told of the render a start begins in the background (PageRenderer.warm), which ends when it does. */
  onWarm?: (warming: Promise<void>) => void;
}

export const spaRoutes = fp(
  async (app: FastifyInstance, { onWarm }: SpaOptions) => {
    const { staticDir } = app.ctx.config;
    // Pages are drawn from the site's content, so they are kept in its scope: any write to the site
    // forgets them. Concurrent first visits of one URL render it once.
    const scope = siteScope(app.ctx.config.appKey);
    // A rebuild under a running server names new assets: kept pages are forgotten (watched, since
    // kept pages are answered without a look at the build), and the next render reads the new
    // manifest.
    const { manifest } = buildFiles(staticDir);
    const rebuilt = (now: fs.Stats, before: fs.Stats) => {
      if (now.mtimeMs !== before.mtimeMs) app.ctx.cache.invalidateHere(scope); // a file of this server, not of the database
    };
    fs.watchFile(manifest, { persistent: false, interval: 1000 }, rebuilt);
    app.addHook('onClose', async () => fs.unwatchFile(manifest, rebuilt));
    // The hits and 404s counted since the last flush are written before the database closes
    // (onClose hooks may run after it has).
    app.addHook('preClose', async () => {
      await app.ctx.redirects.close().catch((error: unknown) => app.log.error({ err: error }, 'writing redirect hits and 404s'));
    });

    const hasStaticDir = fs.existsSync(staticDir);
    if (hasStaticDir) {
      await app.register(fastifyStatic, {
        root: staticDir,
        index: false,
        wildcard: true,
        // The server bundle (.ssr) and the build manifest (.vite) are the server's, not the public's.
        dotfiles: 'ignore',
        cacheControl: false,
        // The build's text files in assets/ are also there as brotli and gzip
        // (scripts/compress-build.mjs): the form the browser accepts is sent as it is, and
        // @fastify/compress leaves it alone.
        preCompressed: true,
        // Every file of a build has an extension; a page address (`/about`) goes on to the page
        // without a look on disk for a file of that name first.
        allowedPath: (pathname) => /\.[^/]*$/.test(pathname),
        setHeaders: (res, filePath) => {
          const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
          res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
          // Which form is sent depends on it (@fastify/static names no Vary of its own), so a shared
          // cache keeps one per encoding.
          res.setHeader('Vary', 'Accept-Encoding');
        },
      });
    }

    const pages = new PageRenderer(app, staticDir);
    // Not awaited: the server listens while the bundle loads (a request meanwhile waits for the same
    // load), so a slow disk or a cold host never fails the start on Fastify's plugin timeout.
    let warming: Promise<void> = Promise.resolve();
    if (pages.hasBuild())
      app.addHook('onReady', async () => {
        warming = pages.warm();
        onWarm?.(warming);
      });
    // That first render reads the database: a close waits for it rather than closing the database
    // under it (onClose hooks may run after it has closed).
    app.addHook('preClose', async () => warming);

    /**
     * The whole answer for one URL. A preview link's token is the server's to judge: one that is
     * not valid (guessed, expired) is a 404 like any unknown page, and a preview is never indexed.
     * `headersSoFar`: what the reply was given before (the security headers), kept with the page.
     */
    const buildDocument = async (
      request: FastifyRequest,
      headersSoFar: OutgoingHttpHeaders,
      url: string,
      options: PageOptions & { preview?: 'valid' | 'invalid' } = {},
    ): Promise<{ page: PageAnswer; parts: string[]; drawn?: RenderedPage } | undefined> => {
      const page = await pages.render(url, siteOrigin(request), options);
      if (!page) return undefined;
      const parts = [...new Set((page.reads ?? []).flatMap((read) => readParts(app.ctx.config.appKey, read)))];
      // The router's redirect and the default language's are made from the request's address: a
      // path of this site, whatever it said (`/en//host`), before it is kept for everyone.
      if ('redirect' in page) return { page: { redirect: sitePath(page.redirect), status: page.status }, parts };
      // The security headers of the first answer (the same for every page) are kept with it, the
      // policy allowing the router's inline scripts of this document by their hashes: a nonce
      // would be the same for everyone a kept page is sent to.
      const ownHeaders = options.preview ? PREVIEW_HEADERS : isBackOfficeAddress(url) ? BACK_OFFICE_HEADERS : PAGE_HEADERS;
      const headers = { ...headersSoFar, ...ownHeaders };
      const policy = headers['content-security-policy'];
      if (typeof policy === 'string') {
        const ownPolicy = options.shell || isBackOfficeAddress(url) ? withoutAnalytics(policy) : policy;
        headers['content-security-policy'] = allowInlineScripts(ownPolicy, page.html);
      }
      const status = options.preview === 'invalid' ? 404 : page.status;
      return { page: { answer: makeAnswer(page.html, headers, status) }, parts, drawn: page };
    };

    const unavailable = (reply: FastifyReply) => reply.status(503).type('text/html; charset=utf-8').send(UNAVAILABLE);

    /** A page opened by a preview link: rendered for this request only, never kept nor indexed. */
    const sendPreview = async (request: FastifyRequest, reply: FastifyReply, token: string) => {
      const valid = (await app.ctx.previews.open(token)) !== undefined;
      const url = `${request.url.split('?')[0]}?preview=${encodeURIComponent(token)}`;
      const page = (
        await buildDocument(request, reply.getHeaders() as OutgoingHttpHeaders, url, { preview: valid ? 'valid' : 'invalid' })
      )?.page;
      if (!page) return unavailable(reply);
      if ('redirect' in page) return reply.redirect(page.redirect, page.status);
      return sendAnswer(request, reply, page.answer);
    };

    const sendPage = async (request: FastifyRequest, reply: FastifyReply, shell = false) => {
      const preview = shell
        ? undefined
        : previewSearch(Object.fromEntries(new URLSearchParams(request.url.split('?')[1]))).preview;
      if (!pages.hasBuild() && (shell || preview)) return unavailable(reply);
      if (preview) return sendPreview(request, reply, preview);
      // The headers set so far (security): the page may be made after this answer has gone.
      const headersNow = { ...(reply.getHeaders() as OutgoingHttpHeaders) };
      const { appKey } = app.ctx.config;
      const publicPage = !shell && !isBackOfficeAddress(request.url);
      // The search page is drawn for each query and never kept: anyone's words would fill the cache.
      const [pathname = '/', query = ''] = request.url.split('?', 2);
      const searching = publicPage && isSearchPath(pathname, siteLocales(await siteByKey(app.ctx, appKey)));
      const url = shell
        ? '/'
        : searching
          ? `${pathname}${siteSearchHref(siteSearch(Object.fromEntries(new URLSearchParams(query)))).slice(SEARCH_PAGE.length)}`
          : meaningfulUrl(request.url);
      const keeps = !(carriesCredentials(request) || searching);
      const make = async (): Promise<MadeFromParts<PageAnswer>> => {
        await expireAtNextPublish(app, appKey);
        // An address that moved is answered before a page is drawn, unless a live record holds it.
        const moved = publicPage ? await app.ctx.redirects.answerFor(appKey, request.url) : undefined;
        // Kept until any write to the site: a rename, a purge or staff's edit may change it.
        if (moved)
          return fromParts<PageAnswer>({ answer: redirectAnswer(moved, headersNow), redirectFrom: moved.from }, [anyPart(scope)]);
        if (!pages.hasBuild()) throw NO_DOCUMENT;
        // An unknown address's page is the same for every unknown address of its language: one is
        // kept per language (never per address) and sent for the next, once the router has found
        // that address unknown too. Taken before the render: a write meanwhile makes it old.
        const origin = siteOrigin(request);
        const began = app.ctx.cache.generation(scope);
        let keptNotFound = false;
        const notFound =
          publicPage && keeps
            ? (locale: string) => {
                const kept = app.ctx.cache.get<KeptNotFound>(scope, notFoundKey(origin, locale))?.value;
                keptNotFound = kept !== undefined;
                return kept?.html;
              }
            : undefined;
        const document = await buildDocument(request, headersNow, url, {
          shell,
          signedOut: wantsSignInDocument(request),
          notFound,
        });
        if (!document) throw NO_DOCUMENT;
        const { page, drawn } = document;
        if (publicPage && 'answer' in page && page.answer.status === 404) {
          app.ctx.redirects.notFound(appKey, request.url, request.headers.referer);
          if (notFound && !keptNotFound && drawn && 'html' in drawn) {
            const kept: KeptNotFound = { html: drawn.html, size: drawn.html.length };
            app.ctx.cache.setAt(began, notFoundKey(origin, drawn.locale ?? ''), kept, document.parts);
          }
        }
        // The form nearly every browser takes, made ahead for the readers after this one when this
        // one did not take it, for an answer that is kept: one made for its reader alone (a 404, a
        // search, a signed-in page) is sent once.
        if (keeps && 'answer' in page && isKeptPage(page)) setImmediate(() => void compressAhead(page.answer));
        // Kept until a write changes what it was made from (cache/public-answers.ts, readParts).
        return fromParts(page, document.parts);
      };
      // Kept under the key the first hook of the next request looks for (cache/public-answers.ts).
      // Only a page or a stored redirect (bounded by its table): an unknown address's 404 or the
      // router's redirect is made for the readers asking it now, so addresses nobody links to
      // cannot push the site's pages out of the cache. A request with
      // credentials, and a search, is answered with a page made for it alone. When no document can be made,
      // nothing is kept and the next visit tries again.
      const page = await (
        keeps ? app.ctx.cache.fetch(scope, pageKey(request), make, isKeptPage) : make().then((made) => made.value)
      ).catch((error: unknown) => {
        if (error === NO_DOCUMENT) return undefined;
        throw error;
      });
      if (!page) return unavailable(reply);
      if ('redirect' in page) return reply.redirect(page.redirect, page.status);
      if (page.redirectFrom !== undefined) app.ctx.redirects.hit(appKey, page.redirectFrom);
      return sendAnswer(request, reply, page.answer);
    };

    /**
     * A page drawn for one visitor's form post (a refusal, with their words): never kept, so a
     * person's words are never shown to another.
     */
    const sendPageWithForm = async (
      request: FastifyRequest,
      reply: FastifyReply,
      url: string,
      form: FormOutcome,
      status: number,
    ) => {
      if (!pages.hasBuild()) return unavailable(reply);
      const page = (await buildDocument(request, reply.getHeaders() as OutgoingHttpHeaders, url, { form }))?.page;
      if (!page) return unavailable(reply);
      if ('redirect' in page) return reply.redirect(page.redirect, 303);
      return reply
        .status(status)
        .headers({ ...page.answer.headers, 'cache-control': 'private, no-store' })
        .send(page.answer.body);
    };
    await app.register(formPosts, { sendPageWithForm });

    // The static plugin would answer "/" as a directory listing request; the home page is the SPA.
    app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
    app.get(APP_SHELL_PATH, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, true));
    // The build's index.html is only the browser build's input, not a page: send its URL home.
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => reply.redirect('/', 301));
    app.setNotFoundHandler(async (request, reply) => {
      const reads = request.method === 'GET' || request.method === 'HEAD';
      const isPage = reads && !isApiOrFileAddress(request.url);
      if (!isPage) {
        const replacement = reads ? await replacementAddress(app.ctx.database.db, request.url) : undefined;
        if (replacement) return reply.redirect(replacement, 301);
        return reply.status(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` });
      }
      return sendPage(request, reply);
    });
  },
  { name: 'spa', encapsulate: true, dependencies: ['app-context', 'security-headers'] },
);
