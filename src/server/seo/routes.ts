/** /sitemap.xml, /robots.txt, /opensearch.xml and /analytics.js: generated from the site's content and settings. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ENTITIES, type EntityDef, publicPathOf, type ResourceName } from '../../shared/entities';
import { serviceFor } from '../plugins/context';
import { LIMITS } from '../../shared/limits';
import { forVisitors } from '../content/visibility';
import { findApplication, siteByKey } from '../plugins/tenant';
import { siteLocales } from '../content/translations';
import { encodePath, inLocale, localeAt } from '../../shared/locales';
import { escapeHtml, siteOrigin } from './origin';
import { SEARCH_PAGE, SERVER_PATHS } from '../../shared/address-space';

/**
 * A page's entries: one per language it is in, each naming all of them (itself included) and the
 * default as x-default, as search engines read alternates. A site in one language lists plain URLs.
 */
function sitemapUrls(origin: string, paths: [string, string][], lastmod?: unknown): string[] {
  const loc = (path: string) => escapeHtml(origin + encodePath(path));
  const modified = lastmod ? `<lastmod>${String(lastmod).slice(0, 10)}</lastmod>` : '';
  if (paths.length < 2) return paths.map(([, path]) => `  <url><loc>${loc(path)}</loc>${modified}</url>`);
  const alternates = [...paths, ['x-default', paths[0]![1]] as [string, string]]
    .map(([locale, path]) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${loc(path)}"/>`)
    .join('');
  return paths.map(([, path]) => `  <url><loc>${loc(path)}</loc>${modified}${alternates}</url>`);
}

/** The site's own pages that are no record's: the home page, the contact page and the news list. */
const SITE_PAGES = ['/', '/contact', '/news'];
const SITEMAP_ENTITIES = (Object.entries(ENTITIES) as [ResourceName, EntityDef][]).filter(([, def]) => def.public?.sitemap);

export const seoRoutes = fp(
  async (app: FastifyInstance) => {
    const { appKey } = app.ctx.config;

    app.get(SERVER_PATHS.sitemap, { schema: { hide: true } }, async (request, reply) => {
      const origin = siteOrigin(request);
      const all = { page: 1, size: LIMITS.maxPageSize };
      const locales = siteLocales(await siteByKey(app.ctx, appKey));
      /** One page: its path in each language it is written in (the default first), and when it last changed. */
      type Listed = { paths: [locale: string, path: string][]; lastmod?: unknown };
      const inEvery = (path: string): Listed => ({
        paths: locales.map((locale) => [locale, inLocale(localeAt(locales, locale), path)]),
      });
      // The site's own pages, then each record the definitions say the sitemap lists, at its address
      // in each language it is translated into (its own slug there, if it has one).
      const listed = await Promise.all(
        SITEMAP_ENTITIES.map(async ([name, def]) => {
          const { rows } = await serviceFor(app.ctx.services, name).repo.list(appKey, { ...all, ...forVisitors(def) });
          const slugs =
            locales.length > 1
              ? await app.ctx.translations.slugsOf(
                  def.resource,
                  rows.map((row) => row.id as number),
                )
              : new Map();
          return rows.flatMap((row): Listed[] => {
            const record = row as Record<string, unknown>;
            const path = publicPathOf(def, record);
            if (!path) return [];
            const translated = [...(slugs.get(row.id as number) ?? [])].flatMap(([locale, slug]) => {
              const at = locales.indexOf(locale);
              const own = slug && def.slug ? publicPathOf(def, { ...record, [def.slug.field]: slug }) : path;
              return at > 0 && own ? [[locale, inLocale(localeAt(locales, locale), own)] as [string, string]] : [];
            });
            return [{ paths: [[locales[0]!, path], ...translated], lastmod: row.updated_at }];
          });
        }),
      );
      const urls = [...SITE_PAGES.map(inEvery), ...listed.flat()].flatMap((page) =>
        sitemapUrls(origin, page.paths, page.lastmod),
      );
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=600')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`,
        );
    });

    app.get(SERVER_PATHS.robots, { schema: { hide: true } }, async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /cms/api/\n\nSitemap: ${siteOrigin(request)}/sitemap.xml\n`),
    );

    // The site's search as browsers add it to their address bar (OpenSearch 1.1): its results page.
    app.get(SERVER_PATHS.openSearch, { schema: { hide: true } }, async (request, reply) => {
      const site = await siteByKey(app.ctx, appKey);
      const origin = siteOrigin(request);
      const name = escapeHtml(String(site?.name || 'Site').slice(0, 16));
      const description = escapeHtml(String(site?.title || site?.name || 'Site').slice(0, 1024));
      return reply
        .type('application/opensearchdescription+xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=3600')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/">\n` +
            `  <ShortName>${name}</ShortName>\n  <Description>${description}</Description>\n  <InputEncoding>UTF-8</InputEncoding>\n` +
            `  <Url type="text/html" method="get" template="${escapeHtml(origin)}${SEARCH_PAGE}?q={searchTerms}"/>\n` +
            `  <Image height="64" width="64" type="image/png">${escapeHtml(origin)}/favicon.png</Image>\n</OpenSearchDescription>\n`,
        );
    });

    app.get(SERVER_PATHS.analytics, { schema: { hide: true } }, async (request, reply) => {
      const site = await findApplication(request, appKey);
      const ids = {
        ga: String(site?.google_analytics_id ?? '').trim(),
        gtm: String(site?.google_tag_manager_id ?? '').trim(),
        pixel: String(site?.facebook_pixels_id ?? '').trim(),
      };
      return reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(`(${analyticsBootstrap.toString()})(${JSON.stringify(ids)});\n`);
    });
  },
  { name: 'seo', encapsulate: true, dependencies: ['app-context'] },
);

/** Runs in the browser: the vendors' standard set-up snippets, fed with the site's ids. */
/* eslint-disable prefer-rest-params, @typescript-eslint/no-explicit-any -- the vendors' snippets, as they publish them */
function analyticsBootstrap(ids: { ga: string; gtm: string; pixel: string }) {
  const w = window as any;
  if (ids.ga) {
    w.dataLayer = w.dataLayer || [];
    w.gtag = function () {
      w.dataLayer.push(arguments);
    };
    w.gtag('js', new Date());
    w.gtag('config', ids.ga);
  }
  if (ids.gtm) {
    w.dataLayer = w.dataLayer || [];
    w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const s = document.createElement('script');
    s.async = true;
    s.src = 'https://www.googletagmanager.com/gtm.js?id=' + encodeURIComponent(ids.gtm);
    document.head.appendChild(s);
  }
  if (ids.pixel) {
    const fbq: any = function () {
      if (fbq.callMethod) fbq.callMethod(...arguments);
      else fbq.queue.push(arguments);
    };
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    w.fbq = w._fbq = fbq;
    const s = document.createElement('script');
    s.async = true;
    s.src = 'https://connect.facebook.net/en_US/fbevents.js';
    document.head.appendChild(s);
    fbq('init', ids.pixel);
    fbq('track', 'PageView');
  }
}
