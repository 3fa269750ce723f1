/**
 * What each route puts in <head> (its `head()`, rendered by <HeadContent /> on the server and kept
 * current by it in the browser), so search engines and link previews see real titles and
 * descriptions without running JavaScript. The router merges the routes' tags, the deepest route's
 * first: a page names its own title and description, the root adds the site's and falls back to
 * them.
 */
import { shareImageUrl } from '../../shared/renditions';
import type { AnyRouteMatch } from '@tanstack/react-router';
import { htmlToText } from '../../shared/html-text';
import type { ClientConfig } from '../config';
import type { RouterContext } from '../router';
import { connectionOf } from '../api/http';
import { encodePath, inLocale } from '../../shared/locales';
import { postCategoriesQuery, siteInfoQuery } from './api/queries';
import { alternatesOf, documentLanguage, siteLocalesOf } from './locale';
import type { SiteInfo } from './api/types';
import { SERVER_PATHS } from '../../shared/address-space';
import { shellText } from '../../shared/messages/shell-text';
import { type FeedKind, feedPath, newsListSearch } from '../../shared/news-search';

export type Head = { meta?: AnyRouteMatch['meta']; links?: AnyRouteMatch['links']; scripts?: AnyRouteMatch['headScripts'] };

/** How one screen describes itself. */
export interface Description {
  /** Shown as "Title · Site"; none for the site's own title (the home page). */
  title?: string;
  description?: string;
  image?: string;
  type?: 'website' | 'article';
  /**
   * A record's own path in each language it is written in (`{en: '/about', bn: '/আমাদের-কথা'}`);
   * none: the screen is at the same path in every language of the site.
   */
  paths?: Record<string, string>;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const clip = (value: string, max = 160) => (value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value);

/** The site's settings, as the root route's loader read them (none offline without a copy). */
export const siteOf = (context: RouterContext): SiteInfo | undefined =>
  context.queryClient.getQueryData(siteInfoQuery().queryKey);

/** The site's fixed texts in the document's language, for what a route puts in the head. */
export const headText = (context: RouterContext) => shellText(documentLanguage(context.queryClient));

const siteNameOf = (site: SiteInfo | undefined) => text(site?.name) || 'Website';

const titled = (site: SiteInfo | undefined, title: string) => `${title} · ${siteNameOf(site)}`;

const absolute = (origin: string, url: string | undefined) =>
  !url ? undefined : /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;

/** The site's own description: the home page's, and what any screen falls back to. */
function siteDescription(site: SiteInfo | undefined): Required<Omit<Description, 'image' | 'paths'>> & { image?: string } {
  return {
    title: text(site?.meta_title) || text(site?.og_title) || text(site?.title) || siteNameOf(site),
    description: text(site?.meta_description) || text(site?.og_description) || text(site?.description),
    // The logo stands in as it is: a cut to the share image's shape would crop it.
    image: (text(site?.og_image) && shareImageUrl(text(site?.og_image))) || text(site?.logo_header) || undefined,
    type: 'website',
  };
}

/** Title, description, Open Graph and Twitter tags; empty values are left to the site's. */
function describe(title: string, about: Description, origin: string): NonNullable<Head['meta']> {
  const image = absolute(origin, about.image);
  const description = about.description ? clip(about.description) : undefined;
  const tags: Record<string, string | undefined>[] = [
    { name: 'description', content: description },
    { property: 'og:type', content: about.type },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: image ? 'summary_large_image' : undefined },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
  return [{ title }, ...tags.filter((tag) => tag.content)];
}

/** What a route's head() is given: its own match and all of the page's. */
export interface HeadContext {
  match: AnyRouteMatch;
  matches: AnyRouteMatch[];
}

/**
 * True when the address names nothing: a route's loader said so, or the rest of the address
 * matched no route (the router marks the match whose not-found screen it shows).
 */
export const isNotFound = (matches: AnyRouteMatch[]) => matches.some((match) => match.status === 'notFound' || match._notFound);

/**
 * The head of a public screen: the not-found head when the address names nothing. A preview link
 * shows what may not be public yet: it is never indexed and names no canonical address.
 */
export function screenHead({ match, matches }: HeadContext, about: Description): Head {
  if (isNotFound(matches)) return notFoundHead(match);
  const context = match.context as RouterContext;
  const site = siteOf(context);
  const title = about.title ? titled(site, about.title) : siteDescription(site).title;
  const meta = describe(title, about, context.origin);
  if ((match.search as { preview?: string }).preview) {
    return { meta: [...meta, { name: 'robots', content: 'noindex, nofollow' }] };
  }
  const locales = siteLocalesOf(context.queryClient);
  // The screen's path without a trailing slash (the server redirects to that form); the home page is '/'.
  const path = match.pathname.replace(/\/+$/, '') || '/';
  const alternates = alternatesOf(locales, path, about.paths);
  const here = connectionOf(context.queryClient).locale;
  // The canonical address is this language's own (a Bangla page's Bangla slug).
  const own = alternates.find((alternate) => alternate.locale === here?.locale)?.href ?? encodePath(inLocale(here, path));
  const url = `${context.origin}${own}`;
  const languages = alternates.map(({ locale, href }) => ({
    rel: 'alternate',
    hrefLang: locale,
    href: `${context.origin}${href}`,
  }));
  const byDefault = languages.find((link) => link.hrefLang === locales[0]);
  return {
    meta: [...meta, { property: 'og:url', content: url }],
    links: [
      { rel: 'canonical', href: url },
      ...languages,
      ...(byDefault ? [{ ...byDefault, hrefLang: 'x-default' }] : []),
      ...feedLinks(context, path, match.search as Record<string, unknown>),
      // Browsers offer the site's search in their address bar (server/seo/routes.ts).
      {
        rel: 'search',
        type: 'application/opensearchdescription+xml',
        title: siteNameOf(siteOf(context)),
        href: `${context.origin}${SERVER_PATHS.openSearch}`,
      },
    ],
  };
}

const FEED_TYPES: Record<FeedKind, string> = { rss: 'application/rss+xml', atom: 'application/atom+xml' };

/**
 * The news feeds a page names (server/seo/feeds.ts): its language's, and on a category's news
 * page that category's too.
 */
function feedLinks(context: RouterContext, path: string, search: Record<string, unknown>): NonNullable<Head['links']> {
  const here = connectionOf(context.queryClient).locale;
  const t = headText(context);
  const site = siteNameOf(siteOf(context));
  const category = path === '/news' ? newsListSearch(search).category : undefined;
  // The category's name as the news page read it (its filter's list), in this language.
  const named = context.queryClient.getQueryData(postCategoriesQuery().queryKey)?.find((one) => one.id === category)?.name;
  const feeds = [
    { title: `${site}: ${t('feed.news')}` },
    ...(category ? [{ title: `${site}: ${text(named) || t('feed.news')}`, category }] : []),
  ];
  return feeds.flatMap(({ title, category: id }) =>
    (['rss', 'atom'] as const).map((kind) => ({
      rel: 'alternate',
      type: FEED_TYPES[kind],
      title: t(kind === 'rss' ? 'feed.rss' : 'feed.atom', { title }),
      href: `${context.origin}${encodePath(inLocale(here, feedPath(kind, id)))}`,
    })),
  );
}

/** The paths of a record at `/{prefix}{slug}` in each language, from its `slugs` (asked in a locale). */
export const pathsOf = (slugs: Record<string, string> | undefined, prefix = '') =>
  slugs && Object.fromEntries(Object.entries(slugs).map(([locale, slug]) => [locale, `${prefix}/${slug}`]));

/** A slug that names nothing public (and any unknown address): the router answers it with 404. */
export function notFoundHead(match: AnyRouteMatch): Head {
  const context = match.context as RouterContext;
  return {
    meta: [{ title: titled(siteOf(context), headText(context)('notFound.pageTitle')) }, { name: 'robots', content: 'noindex' }],
  };
}

/** The back-office: named after the site, never indexed. */
export function adminHead(match: AnyRouteMatch): Head {
  return {
    meta: [{ title: titled(siteOf(match.context as RouterContext), 'Admin') }, { name: 'robots', content: 'noindex, nofollow' }],
  };
}

/** A page's description, from its SEO fields, else its summary or the text of its content. */
export const pageDescription = (page: { meta_description?: unknown; description?: unknown; content?: unknown }) =>
  text(page.meta_description) || text(page.description) || htmlToText(text(page.content));

/**
 * What every document carries: where the API is and which site to show (read by config.ts), the
 * site's icon, keywords and verification, the web app manifest, analytics loaders on public pages
 * only (their set-up runs from /analytics.js: the CSP refuses inline script) and the site's JSON-LD. The site's
 * description is the fallback of every screen's.
 */
export function documentHead(
  match: AnyRouteMatch,
  appConfig: ClientConfig,
  options: { analytics: boolean; countViews?: boolean },
): Head {
  const context = match.context as RouterContext;
  const site = siteOf(context);
  // The site's own analytics: its beacon runs where the page's app-config says so.
  const counted = Boolean(options.countViews && site && Number(site.analytics ?? 1) !== 0);
  const fallback = siteDescription(site);
  const ga = options.analytics ? text(site?.google_analytics_id) : '';
  const analytics = options.analytics && (ga || text(site?.google_tag_manager_id) || text(site?.facebook_pixels_id));
  return {
    meta: [
      { name: 'app-config', content: JSON.stringify(counted ? { ...appConfig, analytics: true } : appConfig) },
      ...describe(fallback.title, fallback, context.origin),
      ...[
        { name: 'keywords', content: text(site?.meta_keywords) },
        { property: 'og:site_name', content: text(site?.name) },
        { name: 'google-site-verification', content: text(site?.google_site_verification) },
      ].filter((tag) => tag.content),
    ],
    links: [
      { rel: 'icon', href: text(site?.icon) || '/favicon.png' },
      { rel: 'manifest', href: SERVER_PATHS.manifest },
    ],
    scripts: [
      ...(analytics
        ? [
            ...(ga ? [{ async: true, src: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(ga)}` }] : []),
            { defer: true, src: SERVER_PATHS.analytics },
          ]
        : []),
      ...jsonLd(site),
    ],
  };
}

/**
 * The site's meta_schema as a JSON-LD data block (not script: the CSP allows it), when it is JSON;
 * `<` is escaped so no text inside can close the element.
 */
function jsonLd(site: SiteInfo | undefined): { type: string; children: string }[] {
  const schema = text(site?.meta_schema);
  if (!schema) return [];
  try {
    JSON.parse(schema);
  } catch {
    return [];
  }
  return [{ type: 'application/ld+json', children: schema.replace(/</g, '\\u003c') }];
}
