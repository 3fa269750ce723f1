/**
 * What the server writes into <head> of the SPA's HTML for each URL, so that search engines and
 * link previews see real titles and descriptions without running JavaScript: the client config,
 * title, description, canonical link, Open Graph and Twitter tags (from the page or post, falling
 * back to the site settings), verification and analytics tags. Unknown page and post slugs get
 * status 404.
 */
import type { FastifyRequest } from 'fastify';
import { ENTITIES, type Records } from '../../shared/entities';
import { forVisitors } from '../content/visibility';
import { htmlToText } from '../../shared/html-text';
import { findApplication } from '../plugins/tenant';

type Site = Records['applications'] | undefined;
import { publicRoute } from './public-route';

export interface RenderedHead {
  head: string;
  status: number;
}

interface Meta {
  title: string;
  description: string;
  image?: string;
  type: 'website' | 'article';
  robots?: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/** The text of stored HTML, in linear time (a page's content may be 500,000 characters of '<'). */
const plain = htmlToText;
const clip = (value: string, max = 160) => (value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value);

export function siteOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

async function activeBySlug<R extends 'pages' | 'posts'>(
  request: FastifyRequest,
  resource: R,
  slug: string,
): Promise<Records[R] | undefined> {
  const { rows } = await request.server.ctx.services[resource].repo.list(request.server.ctx.config.appKey, {
    page: 1,
    size: 1,
    ...forVisitors(ENTITIES[resource], { slug }),
  });
  // The two repositories differ in type only; the union of their results is narrowed by `resource`.
  return rows[0] as Records[R] | undefined;
}

async function metaFor(request: FastifyRequest, site: Site, pathname: string): Promise<{ meta: Meta; status: number }> {
  const siteName = text(site?.name) || 'Website';
  const fallback: Meta = {
    title: text(site?.meta_title) || text(site?.og_title) || text(site?.title) || siteName,
    description: text(site?.meta_description) || text(site?.og_description) || text(site?.description),
    image: text(site?.og_image) || text(site?.logo_header) || undefined,
    type: 'website',
  };
  const notFound = { meta: { ...fallback, title: `Page Not Found · ${siteName}`, robots: 'noindex' }, status: 404 };
  const route = publicRoute(pathname);
  switch (route.kind) {
    case 'admin':
      return { meta: { ...fallback, title: `Admin · ${siteName}`, robots: 'noindex, nofollow' }, status: 200 };
    case 'home':
      return { meta: fallback, status: 200 };
    case 'contact':
      return { meta: { ...fallback, title: `Contact · ${siteName}` }, status: 200 };
    case 'news':
    case 'details':
      return { meta: { ...fallback, title: `News · ${siteName}` }, status: 200 };
    case 'page': {
      const page = await activeBySlug(request, 'pages', route.slug);
      if (!page) return notFound;
      return {
        meta: {
          title: `${text(page.title) || siteName} · ${siteName}`,
          description: clip(
            text(page.meta_description) || text(page.description) || plain(text(page.content)) || fallback.description,
          ),
          image: text(page.banner_img) || text(page.thumb) || fallback.image,
          type: 'website',
        },
        status: 200,
      };
    }
    case 'post': {
      const post = await activeBySlug(request, 'posts', route.slug);
      if (!post) return notFound;
      return {
        meta: {
          title: `${text(post.meta_title) || text(post.title)} · ${siteName}`,
          description: clip(
            text(post.meta_description) || text(post.sub_title) || plain(text(post.content)) || fallback.description,
          ),
          image: text(post.thumb) || fallback.image,
          type: 'article',
        },
        status: 200,
      };
    }
    default:
      return notFound;
  }
}

const absolute = (origin: string, url: string | undefined) =>
  !url ? undefined : /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/**
 * A preview link opens a page as its draft has it, which may not be public yet: it is never
 * indexed, and a link that is not valid (guessed, expired) is a 404 like any unknown page.
 */
export type PreviewState = 'valid' | 'invalid';

export async function renderHead(
  request: FastifyRequest,
  pathname = request.url.split('?')[0]!,
  preview?: PreviewState,
): Promise<RenderedHead> {
  const { appKey } = request.server.ctx.config;
  const site = await findApplication(request, appKey);
  const origin = siteOrigin(request);
  let { meta, status } = await metaFor(request, site, pathname);
  if (preview) {
    // A valid link to what is not public yet keeps the site's own title rather than 'Not Found'.
    if (preview === 'valid' && status !== 200) ({ meta } = await metaFor(request, site, '/'));
    meta = { ...meta, robots: 'noindex, nofollow' };
    status = preview === 'valid' ? 200 : 404;
  }
  const canonical = `${origin}${pathname === '/' ? '/' : pathname.replace(/\/$/, '')}`;
  const image = absolute(origin, meta.image);

  const tag = (name: string, attr: 'name' | 'property', content: string | undefined) =>
    content ? `<meta ${attr}="${name}" content="${escapeHtml(content)}">` : '';
  const lines = [
    `<meta name="app-config" content="${escapeHtml(JSON.stringify({ apiBase: '/cms', appKey }))}">`,
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('description', 'name', meta.description),
    tag('keywords', 'name', text(site?.meta_keywords)),
    tag('robots', 'name', meta.robots),
    status === 200 && !meta.robots ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    site?.icon ? `<link rel="icon" href="${escapeHtml(String(site.icon))}">` : '',
    '<link rel="manifest" href="/manifest.webmanifest">',
    tag('og:site_name', 'property', text(site?.name)),
    tag('og:type', 'property', meta.type),
    tag('og:title', 'property', meta.title),
    tag('og:description', 'property', meta.description),
    tag('og:url', 'property', canonical),
    tag('og:image', 'property', image),
    tag('twitter:card', 'name', image ? 'summary_large_image' : 'summary'),
    tag('twitter:title', 'name', meta.title),
    tag('twitter:description', 'name', meta.description),
    tag('twitter:image', 'name', image),
    tag('google-site-verification', 'name', text(site?.google_site_verification)),
    ...(status === 200 ? request.server.ctx.routePreloads.tags(pathname) : []),
    ...analyticsTags(site),
    jsonLd(site),
  ];
  return { head: lines.filter(Boolean).join('\n    '), status };
}

/** Vendor loaders come from their hosts; their set-up runs from /analytics.js (no inline script: CSP). */
function analyticsTags(site: Site): string[] {
  const ga = text(site?.google_analytics_id);
  const gtm = text(site?.google_tag_manager_id);
  const pixel = text(site?.facebook_pixels_id);
  if (!ga && !gtm && !pixel) return [];
  return [
    ga ? `<script async src="https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga)}"></script>` : '',
    '<script defer src="/analytics.js"></script>',
  ];
}

/** The site's meta_schema (JSON-LD) as a data block; `</` is escaped so it cannot close the tag. */
function jsonLd(site: Site): string {
  const schema = text(site?.meta_schema);
  if (!schema) return '';
  try {
    JSON.parse(schema);
  } catch {
    return '';
  }
  return dataBlock('type="application/ld+json"', schema);
}

/** A JSON data block (not a script: the CSP allows it); `<` is escaped so no text inside can close the element. */
export function dataBlock(attributes: string, json: string): string {
  return `<script ${attributes}>${json.replace(/</g, '\\u003c')}</script>`;
}
