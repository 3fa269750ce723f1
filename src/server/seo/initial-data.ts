/**
 * The public API answers a page will ask for first, embedded in its HTML as a JSON data block
 * (not script: the CSP allows it), so the browser paints without waiting for API round trips.
 * The answers come from the public routes themselves (inject), so they are exactly what the API
 * would have sent, cache included. The client takes each one once, and only while it is fresh.
 */
import type { FastifyRequest } from 'fastify';
import { LIMITS } from '../../shared/limits';
import { publicRoute } from './public-route';

/** API URLs (as the client requests them) that the public route at `pathname` reads on load. */
export function initialUrls(pathname: string, appKey: string): string[] {
  const route = publicRoute(pathname);
  if (route.kind === 'admin') return [];
  const always = [`/cms/applications/${encodeURIComponent(appKey)}`, '/cms/menus'];
  switch (route.kind) {
    case 'home':
      return [...always, '/cms/sliders', '/cms/sections?is_top=1', `/cms/posts?page=1&size=${LIMITS.homeNewsPageSize}`];
    case 'contact':
      return [...always, '/cms/socials'];
    case 'page': {
      const extra = route.slug === 'gallery' ? ['/cms/gallery'] : route.slug === 'career' ? ['/cms/careers'] : [];
      return [...always, `/cms/pages/${encodeURIComponent(route.slug)}`, ...extra];
    }
    case 'post':
      return [...always, `/cms/posts/${encodeURIComponent(route.slug)}`];
    default:
      return always;
  }
}

export interface InitialData {
  /** When the server answered (ms since epoch); the client ignores data older than a minute. */
  at: number;
  responses: Record<string, unknown>;
}

export async function collectInitialData(request: FastifyRequest, pathname: string): Promise<InitialData> {
  const { appKey } = request.server.ctx.config;
  const responses: Record<string, unknown> = {};
  await Promise.all(
    initialUrls(pathname, appKey).map(async (url) => {
      const res = await request.server.inject({ method: 'GET', url, headers: { 'app-key': appKey } });
      if (res.statusCode === 200) responses[url] = res.json();
    }),
  );
  return { at: Date.now(), responses };
}

/** The data block; `<` is escaped so no text inside can close the element. */
export function initialDataTag(data: InitialData): string {
  return `<script id="initial-data" type="application/json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The picture most likely to be the largest paint: the first slide on home, else the page's banner. */
export function leadImage(data: InitialData): string | undefined {
  for (const [url, body] of Object.entries(data.responses)) {
    const payload = (body as { data?: unknown }).data as Record<string, unknown> | undefined;
    if (url === '/cms/sliders') {
      const first = ((payload?.data as Record<string, unknown>[] | undefined) ?? [])[0];
      if (typeof first?.thumb === 'string' && first.thumb) return first.thumb;
    }
    if (url.startsWith('/cms/pages/') || (url.startsWith('/cms/posts/') && !url.includes('?'))) {
      const image = payload?.banner_img || payload?.thumb;
      if (typeof image === 'string' && image) return image;
    }
  }
  return undefined;
}
