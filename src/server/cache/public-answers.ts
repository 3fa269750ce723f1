/**
 * Public API reads (GET /cms/{resource} with an app key) and the site's pages are the hot path:
 * each answer is kept as it was first sent, per application, until that application's content
 * changes, and a kept one is written from the first hook of the request (writeKeptAnswer), once
 * the router has chosen the route. It is kept as it leaves, after the other onSend hooks and before
 * compression, so what is kept is the finished answer with a plain body (compressed once, in
 * makeAnswer).
 *
 * What may be kept is said by the route that answered (`config.keptRead`, routes/public.ts), never
 * read from the address's text, and nothing answered to a request with credentials is kept: a kept
 * answer goes to anyone who asks the same address.
 */
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { dateTimeOf, timeOfDateTime } from '../../shared/date-time';
import { appKeyOf } from '../plugins/tenant';
import { meaningfulUrl, siteOrigin } from '../seo/origin';
import { makeAnswer, writeKeptAnswer, type HttpAnswer } from './http-answer';
import { isApiOrFileAddress, isSignInAddress, SERVER_PATHS } from '../../shared/address-space';
import { hasStaffCookie } from '../../shared/stored-session';
import { ENTITIES, type EntityDef } from '../../shared/entities';
import { anyPart, fromParts, type Generation } from './cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A visitors' read whose answer may be kept and sent to anyone: the same for every reader of
     * the site. `query`: the parameters its answer depends on (those of its schema); others are
     * not part of where it is kept.
     */
    keptRead?: { query: readonly string[] };
  }
  interface FastifyRequest {
    /**
     * A public read whose answer may be kept, made for this request: where it is kept, the
     * parameters it reads, and the site's cache generation when it began (it is kept under it).
     */
    keepAs: { key: string; query: readonly string[]; began: Generation } | undefined;
  }
}

/** Scope of everything derived from one site's content: its public API answers and rendered pages. */
export const siteScope = (appKey: string) => `site:${appKey}`;

/** The part of a site's scope that one kind of content (a resource: `sliders`) makes. */
export const contentPart = (appKey: string, resource: string) => `${siteScope(appKey)}/${resource}`;

const definitions = Object.values(ENTITIES) as EntityDef[];
const definitionOf = (resource: string) => definitions.find((def) => def.resource === resource);
/** The resources a record of `def` names: the children its reads embed, and the records its relations point at. */
const named = (def: EntityDef): string[] => [
  ...(def.public?.embeds ?? []).map((embed) => embed.entity),
  ...Object.values(def.fields).flatMap((field) => (field.kind === 'relation' ? [field.relation.entity] : [])),
];

/**
 * Whether visitors read a definition's records, by its own reads or embedded in another's (a
 * section's widgets): only then is anything kept of them. A newsletter names a post, and is not.
 */
const readByVisitors = (def: EntityDef): boolean =>
  Boolean(def.public) || definitions.some((other) => other.public?.embeds?.some((embed) => embed.entity === def.resource));

/** `start` and every resource reached from it by `next`, each once. */
function reached(start: string, next: (resource: string) => string[]): string[] {
  const seen = new Set([start]);
  for (const resource of seen) for (const more of next(resource)) seen.add(more);
  return [...seen];
}

/**
 * The parts of a site's scope an answer of the public API at `path` is made from: its resource,
 * what its records embed and what their relations name (a section's page, a post's category), the
 * site's settings. A path not known here depends on every part.
 */
export function readParts(appKey: string, path: string): string[] {
  const resource = decodeURIComponent(path.slice(SERVER_PATHS.api.length + 1).split(/[/?]/)[0] ?? '');
  if (!path.startsWith(`${SERVER_PATHS.api}/`) || !definitionOf(resource)) return [anyPart(siteScope(appKey))];
  return reached(resource, (r) => named(definitionOf(r)!)).map((r) => contentPart(appKey, r));
}

/** Resources kept on the whole-site rule: the site's own settings, and accounts (names may be shown anywhere). */
const WHOLE_SITE = new Set(['applications', 'users']);

/**
 * The parts of a site's scope a write to `resource` (a definition's records) can change: its own,
 * and those of every record that names it (deleting a page takes its sections along). None for what
 * is not content (files, settings, accounts): such a write makes the whole site new.
 */
export function writtenParts(appKey: string, resource: string): string[] | undefined {
  if (WHOLE_SITE.has(resource) || !definitionOf(resource)) return undefined;
  const naming = (r: string) =>
    definitions.filter((def) => readByVisitors(def) && named(def).includes(r)).map((def) => def.resource);
  return reached(resource, naming).map((r) => contentPart(appKey, r));
}

/**
 * Makes what is kept for a site expire when its next scheduled page, post or slide goes public.
 * Called whenever something is kept for the site. Each kind's next time is kept until a write to
 * that kind (a page written asks the pages again, not the posts and slides), rather than every kind
 * by every page made again after any write.
 */
export async function expireAtNextPublish(app: FastifyInstance, appKey: string): Promise<void> {
  const { cache } = app.ctx;
  const scope = siteScope(appKey);
  const after = dateTimeOf(Date.now());
  const times: unknown[] = [];
  for (const { repo } of Object.values(app.ctx.services)) {
    if (!repo.def.publishedFrom) continue;
    const key = `next-publish ${repo.def.resource}`;
    // Asked as kept first: most are, and a fetch costs its promises even when it finds one.
    const kept = cache.get<unknown>(scope, key);
    times.push(
      kept
        ? kept.value
        : await cache.fetch(scope, key, async () =>
            fromParts(await repo.nextPublishTime(appKey, after), [contentPart(appKey, repo.def.resource)]),
          ),
    );
  }
  const next = times.filter((time): time is string => typeof time === 'string').sort()[0];
  if (next !== undefined) app.ctx.cache.expireAt(scope, timeOfDateTime(next));
}

/**
 * Keeps what a public read answered (`path`, as the API or a page render asked it) under the
 * generation its read began in, until a write changes what it was made from (`readParts`) or the
 * site's next scheduled item goes public.
 */
export async function keepPublicRead<T>(
  app: FastifyInstance,
  appKey: string,
  began: Generation,
  key: string,
  value: T,
  path: string,
): Promise<void> {
  await expireAtNextPublish(app, appKey);
  app.ctx.cache.setAt(began, key, value, readParts(appKey, path));
}

/**
 * Pages of the site (plugins/spa.ts): anything read that is neither the API nor an upload. A
 * preview link is for its holder only and is never kept.
 */
const isPageRead = (request: { method?: string; url?: string }) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  !isApiOrFileAddress(request.url ?? '') &&
  !request.url?.includes('preview=');

/**
 * Whether a request for a page is one the back-office's sign-in screen answers as an islands
 * document: a sign-in address, from a browser without the staff hint (shared/stored-session.ts).
 */
export const wantsSignInDocument = (request: { url?: string; headers: IncomingHttpHeaders }) =>
  isSignInAddress(request.url ?? '') && !hasStaffCookie(request.headers.cookie);

/**
 * Where a page is kept: by origin (its head's canonical and Open Graph addresses are absolute) and
 * by what the page reads of its address, so /about?x=1 is /about and unknown parameters make no
 * new entries; a back-office address by whether the sign-in document or the app answers it.
 */
export const pageKey = (request: FastifyRequest) =>
  `page ${siteOrigin(request)}${meaningfulUrl(request.url)}${wantsSignInDocument(request) ? ' signed-out' : ''}`;

/**
 * A page as kept: the finished document, or where the URL redirects to. `redirectFrom`: the answer
 * is a stored redirect's (content/redirects.ts), whose hits are counted.
 */
export type PageAnswer = { answer: HttpAnswer; redirectFrom?: string } | { redirect: string; status: number };

/**
 * Whether a request carries credentials (a bearer token; sessions are tokens too). Its answer is
 * never kept, even from a route whose answers may be: what it was answered may be its holder's only.
 */
export const carriesCredentials = (request: { headers: IncomingHttpHeaders }) => request.headers.authorization !== undefined;

/**
 * Where a kept read is kept: its path (already in one spelling, app.ts) and, in the order its route
 * names them, the parameters its answer depends on. `?junk=1` is the same read as none. `asked` is
 * the query as Fastify's router parsed it for the request (every kept read pays for the key, so it is
 * not parsed twice); a name given twice is read as its first value.
 */
export function keptReadKey(url: string, asked: Readonly<Record<string, unknown>>, query: readonly string[]): string {
  const end = url.indexOf('?');
  let key = end === -1 ? url : url.slice(0, end);
  if (end === -1) return key;
  let separator = '?';
  for (const name of query) {
    const given = asked[name];
    const value = Array.isArray(given) ? given[0] : given;
    if (typeof value !== 'string') continue;
    key += `${separator}${name}=${encodeURIComponent(value)}`;
    separator = '&';
  }
  return key;
}

/**
 * Whether the request's query, as its route validated it, says what its text said: `?page=01` is
 * read as page 1 and answered, but kept only when asked as `?page=1`, so one read is kept once.
 */
function spelledAsRead(request: FastifyRequest, query: readonly string[]): boolean {
  const asked = new URLSearchParams(request.url.split('?', 2)[1] ?? '');
  const read = (request.query ?? {}) as Record<string, unknown>;
  return query.every(
    (name) =>
      asked.getAll(name).length <= 1 &&
      (asked.get(name) ?? undefined) === (read[name] === undefined ? undefined : String(read[name])),
  );
}

/** What a kept read of this request is kept under, if its route's answers may be kept. */
const keptReadOf = (request: FastifyRequest) => {
  const read = request.method === 'GET' ? request.routeOptions.config.keptRead : undefined;
  return read && { key: keptReadKey(request.url, request.query as Record<string, unknown>, read.query), query: read.query };
};

/**
 * Answers a kept public read or page: the one place a kept answer is sent from (writeKeptAnswer).
 * Registered before the security headers: a kept answer already carries the headers it was first
 * sent with, so nothing needs to compute them again.
 */
export const servePublicAnswers = fp(
  async (app: FastifyInstance) => {
    const { cache, config } = app.ctx;
    const pages = siteScope(config.appKey);
    app.decorateRequest('keepAs', undefined);
    // A callback hook, not an async one: a hit is answered without waiting for a promise, and the
    // lifecycle stops there (the reply is taken over, `done` is not called). onRequest runs once
    // the router has chosen the route, so the route says what may be kept.
    app.addHook('onRequest', function serveKeptAnswer(request, reply, done) {
      const read = keptReadOf(request);
      const appKey = read ? appKeyOf(request) : undefined;
      if (read && appKey) {
        const scope = siteScope(appKey);
        const hit = cache.get<HttpAnswer>(scope, read.key);
        if (!hit) {
          // Taken before anything is read: a write that lands while this answer is made makes it old.
          request.keepAs = { ...read, began: cache.generation(scope) };
          return done();
        }
        return writeKeptAnswer(request, reply, hit.value);
      }
      const page = isPageRead(request) ? cache.get<PageAnswer>(pages, pageKey(request))?.value : undefined;
      if (!page || !('answer' in page)) return done();
      if (page.redirectFrom !== undefined) app.ctx.redirects.hit(config.appKey, page.redirectFrom);
      writeKeptAnswer(request, reply, page.answer);
    });
  },
  { name: 'serve-public-answers', dependencies: ['app-context'] },
);

/**
 * Keeps each public read's answer as it leaves: after the security headers have been set (so the
 * kept answer has them) and before compression (so the kept body is plain; it is compressed once).
 */
export const keepPublicAnswers = fp(
  async (app: FastifyInstance) => {
    // A callback hook: every answer passes it, kept ones too, and most need no promise.
    app.addHook('onSend', function keepAnswer(request, reply, payload, done) {
      // Set only for a read no kept answer answered.
      const read = request.keepAs;
      if (
        !read ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string' ||
        !request.application ||
        carriesCredentials(request) ||
        !spelledAsRead(request, read.query) ||
        // A preview is for the person who holds its link only.
        String(reply.getHeader('cache-control') ?? '').includes('no-store')
      ) {
        return done(null, payload);
      }
      const appKey = request.application.app_key;
      reply.header('cache-control', 'no-cache');
      const answer = makeAnswer(payload, reply.getHeaders() as OutgoingHttpHeaders);
      keepPublicRead(app, appKey, read.began, read.key, answer, request.url).then(() => {
        reply.header('etag', answer.etag);
        done(null, payload);
      }, done);
    });
  },
  { name: 'keep-public-answers', dependencies: ['app-context', 'security-headers'] },
);
