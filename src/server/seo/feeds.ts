/**
 * The news as feeds, RSS 2.0 and Atom 1.0 (issue 59), written by feedsmith: per language
 * (`/feed.xml`, `/atom.xml`; `/bn/feed.xml` … for another of the site's languages) and per post
 * category (`/news/category/<id>/feed.xml`, as the news page names a category by its id:
 * `/news?category=<id>`). Each holds what visitors may read (the public list read of
 * content/public-reads.ts: active, publish time come), the full text cleaned by the site's own
 * sanitiser, with absolute links on the configured origin. A feed is kept and answered like a page
 * (cache/public-answers.ts: the same key, the same exit, ETag and 304), until a write to what it
 * is made from or the next scheduled post's time.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { generateAtomFeed, generateRssFeed } from 'feedsmith';
import { ENTITIES, type EntityDef, publicPathOf } from '../../shared/entities';
import { encodePath, inLocale, localeAt } from '../../shared/locales';
import { siteText } from '../../shared/messages/site-catalogues';
import { sanitizeMarkup } from '../../shared/sanitize-markup';
import { SERVER_PATHS } from '../../shared/address-space';
import { htmlToText } from '../../shared/html-text';
import { timeOfDateTime } from '../../shared/date-time';
import { type FeedKind as Kind, feedPath, newsListHref } from '../../shared/news-search';
import { carriesCredentials, expireAtNextPublish, type PageAnswer, pageKey, readParts, siteScope } from '../cache/public-answers';
import { fromParts } from '../cache/cache';
import { makeAnswer, sendAnswer } from '../cache/http-answer';
import { publicReads } from '../content/public-reads';
import { siteLocales } from '../content/translations';
import type { Row } from '../content/repository';
import { findApplication, refuseUnpublished } from '../plugins/tenant';
import { absoluteLinks, siteOrigin } from './origin';

/** The newest posts a feed holds: what readers poll for, not the archive. */
const FEED_SIZE = 20;

const TYPES: Record<Kind, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
};
const FILES: Record<Kind, string> = { rss: SERVER_PATHS.rss, atom: SERVER_PATHS.atom };

/** A stored time as an instant: a publish time is UTC without a zone (shared/date-time.ts), a stamp is ISO. */
const instant = (value: unknown) => {
  const text = String(value ?? '');
  return new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text) ? timeOfDateTime(text) : Date.parse(text) || 0);
};

/** An address that names no feed (another language, an unknown category). */
const noFeed = (reply: FastifyReply) => reply.status(404).type('text/plain; charset=utf-8').send('No such feed');

const PAGE_HEADERS = {
  // As a page: readers ask again each time (304 while they hold it); a proxy may keep it a minute.
  'cache-control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=600',
};

export const feedRoutes = fp(
  async (app: FastifyInstance) => {
    const { ctx } = app;
    const appKey = ctx.config.appKey;
    const scope = siteScope(appKey);
    const reads = publicReads(ctx);
    const posts = ENTITIES.posts as EntityDef;
    // What a feed is made from: the posts (and what they name), the categories, the site's name.
    const parts = [
      ...new Set([
        ...readParts(appKey, `${SERVER_PATHS.api}/posts`),
        ...readParts(appKey, `${SERVER_PATHS.api}/post-categories`),
        ...readParts(appKey, `${SERVER_PATHS.api}/applications/${appKey}`),
      ]),
    ];

    /** The feed's document, or none when it names nothing (another language, an unknown category). */
    const makeFeed = async (request: FastifyRequest, kind: Kind, language: string | undefined, category: number | undefined) => {
      const site = refuseUnpublished(await findApplication(request, appKey));
      const locales = siteLocales(site);
      const locale = language ?? locales[0]!;
      if (language !== undefined && (language === locales[0] || !locales.includes(language))) return undefined;
      const at = localeAt(locales, locale);
      const asked = locales.length > 1 ? locale : undefined;
      const origin = siteOrigin(request);
      const t = siteText(locale);
      const shownSite = (await reads.site(appKey, appKey, asked)).data;
      const siteName = String(shownSite.name || site.name || t('site.defaultName'));
      let title = `${siteName}: ${t('feed.news')}`;
      if (category !== undefined) {
        const categories = (await reads.list(appKey, 'post-categories', { locale: asked })) as { data: Row[] };
        const found = categories.data.find((row) => row.id === category);
        if (!found) return undefined;
        title = `${siteName}: ${String(found.name)}`;
      }
      const list = (await reads.list(appKey, 'posts', {
        page: 1,
        size: FEED_SIZE,
        locale: asked,
        ...(category !== undefined ? { category_id: category } : {}),
      })) as { data: { data: Row[] } };
      const link = (path: string) => `${origin}${encodePath(inLocale(at, path))}`;
      // The news page (of the category): its path in the language, its query as it is.
      const [newsPath, newsQuery] = newsListHref(category !== undefined ? { category } : {}).split('?');
      const home = `${link(newsPath!)}${newsQuery ? `?${newsQuery}` : ''}`;
      const self = `${origin}${encodePath(inLocale(at, feedPath(kind, category)))}`;
      const description = String(shownSite.meta_description || '') || t('feed.description', { site: siteName });
      const items = list.data.data.flatMap((row) => {
        const path = publicPathOf(posts, row);
        if (!path) return [];
        const url = link(path);
        const html = absoluteLinks(sanitizeMarkup(String(row.content ?? '')), origin);
        const summary = String(row.sub_title || '') || htmlToText(html).slice(0, 300);
        const published = instant(row.publish_at || row.created_at);
        const updated = instant(row.updated_at || row.created_at);
        return [{ row, url, html, summary, published, updated: updated > published ? updated : published }];
      });
      const newest = items.reduce<Date>(
        (latest, item) => (item.updated > latest ? item.updated : latest),
        instant(site.updated_at || site.created_at),
      );
      const xml =
        kind === 'rss'
          ? generateRssFeed({
              title,
              link: home,
              description,
              language: locale,
              lastBuildDate: newest,
              generator: siteName,
              atom: { links: [{ href: self, rel: 'self', type: TYPES.rss.split(';')[0] }] },
              items: items.map((item) => ({
                title: String(item.row.title ?? ''),
                link: item.url,
                guid: { value: item.url, isPermaLink: true },
                description: item.summary,
                pubDate: item.published,
                content: { encoded: item.html },
              })),
            })
          : generateAtomFeed({
              id: self,
              title: { value: title },
              subtitle: { value: description },
              updated: newest,
              links: [
                { href: self, rel: 'self', type: TYPES.atom.split(';')[0] },
                { href: home, rel: 'alternate', type: 'text/html', hreflang: locale },
              ],
              authors: [{ name: siteName, uri: link('/') }],
              entries: items.map((item) => ({
                id: item.url,
                title: { value: String(item.row.title ?? '') },
                updated: item.updated,
                published: item.published,
                links: [{ href: item.url, rel: 'alternate', type: 'text/html' }],
                summary: { value: item.summary },
                content: { value: item.html, type: 'html' },
              })),
            });
      return { xml, lastModified: newest };
    };

    const sendFeed = async (request: FastifyRequest, reply: FastifyReply, kind: Kind, language?: string, category?: number) => {
      const headersNow = { ...(reply.getHeaders() as OutgoingHttpHeaders) };
      const make = async () => {
        await expireAtNextPublish(app, appKey);
        const feed = await makeFeed(request, kind, language, category);
        const page: PageAnswer | undefined = feed && {
          answer: makeAnswer(feed.xml, {
            ...headersNow,
            ...PAGE_HEADERS,
            'content-type': TYPES[kind],
            'last-modified': feed.lastModified.toUTCString(),
          }),
        };
        return fromParts(page, parts);
      };
      // Kept under the page key the first hook of the next request looks for; only a feed, never a 404.
      const page = await (carriesCredentials(request)
        ? make().then((made) => made.value)
        : ctx.cache.fetch(scope, pageKey(request), make, (value) => value !== undefined));
      if (!page || !('answer' in page)) return noFeed(reply);
      return sendAnswer(request, reply, page.answer);
    };

    const categoryParams = (request: FastifyRequest) => {
      const id = Number((request.params as { id: string }).id);
      return Number.isSafeInteger(id) && id > 0 ? id : undefined;
    };
    const hide = { schema: { hide: true } };
    for (const kind of ['rss', 'atom'] as const) {
      const file = FILES[kind];
      app.get(file, hide, (request, reply) => sendFeed(request, reply, kind));
      app.get(`/:locale${file}`, hide, (request, reply) =>
        sendFeed(request, reply, kind, (request.params as { locale: string }).locale),
      );
      const byCategory = feedPath(kind, ':id');
      app.get(byCategory, hide, (request, reply) => {
        const id = categoryParams(request);
        return id ? sendFeed(request, reply, kind, undefined, id) : noFeed(reply);
      });
      app.get(`/:locale${byCategory}`, hide, (request, reply) => {
        const id = categoryParams(request);
        return id ? sendFeed(request, reply, kind, (request.params as { locale: string }).locale, id) : noFeed(reply);
      });
    }
  },
  { name: 'feeds', encapsulate: true, dependencies: ['app-context', 'security-headers'] },
);
