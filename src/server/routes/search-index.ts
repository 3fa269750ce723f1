/**
 * GET /search-index/{locale}/{file}: the site's offline search index in one language
 * (content/offline-search.ts), the directory Pagefind's script loads its files from.
 *
 * - Files named by their content (`*.pf_meta`, `index/…`, `fragment/…`) never change: immutable.
 * - The rest (`pagefind-entry.json`, `files.json`, the script and its wasm) are revalidated on every
 *   use (`no-cache`, a strong ETag), so a reader asking again after a write gets the index made after it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fresh from 'fresh';
import { z } from 'zod';
import { SERVER_PATHS } from '../../shared/address-space';
import { offlineIndex } from '../content/offline-search';
import { HASHED_INDEX_FILE } from '../../shared/site-search';
import { invalidRequest, notFound } from '../errors';

const params = z.object({
  locale: z.string().max(35),
  '*': z.string().max(200),
});

/**
 * Pagefind writes its chunks and wasm gzipped and unzips them itself: they go as the gzip files
 * they are, a type no compression touches (@fastify/compress would label them with the encoding
 * asked and pass the gzip bytes through).
 */
const TYPES: [RegExp, string][] = [
  [/\.js$/, 'text/javascript; charset=utf-8'],
  [/\.json$/, 'application/json; charset=utf-8'],
  [/\.(pf_\w+|pagefind)$/, 'application/gzip'],
];

export const searchIndexRoutes = fp(
  async (app: FastifyInstance) => {
    const { appKey } = app.ctx.config;
    app.get(`${SERVER_PATHS.searchIndex}/:locale/*`, { schema: { hide: true } }, async (request, reply) => {
      const parsed = params.safeParse(request.params);
      if (!parsed.success) throw invalidRequest('path', { locale: 'A language of the site, then a file of its index' });
      const { locale, '*': name } = parsed.data;
      const index = await offlineIndex(app, appKey, locale);
      if (!index) throw invalidRequest('path', { locale: `The site is not written in “${locale}”` });
      const file = index.files.get(name);
      if (!file) throw notFound('This file of the search index');
      // HTTP's rules for If-None-Match (lists, weak tags, `*`), as the kept answers read them.
      const unchanged = fresh({ 'if-none-match': request.headers['if-none-match'] }, { etag: file.etag });
      reply
        .type(TYPES.find(([pattern]) => pattern.test(name))?.[1] ?? 'application/octet-stream')
        .header('ETag', file.etag)
        .header('Cache-Control', HASHED_INDEX_FILE.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache');
      return unchanged ? reply.code(304).send() : reply.send(file.body);
    });
  },
  { name: 'search-index', encapsulate: true, dependencies: ['app-context'] },
);
