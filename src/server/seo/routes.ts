/** /sitemap.xml, /robots.txt and /analytics.js: generated from the site's content and settings. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ENTITIES, type EntityDef, publicPathOf, type ResourceName } from '../../shared/entities';
import { serviceFor } from '../plugins/context';
import { LIMITS } from '../../shared/limits';
import { forVisitors } from '../content/visibility';
import { findApplication } from '../plugins/tenant';
import { escapeHtml, siteOrigin } from './origin';
import { SERVER_PATHS } from '../../shared/address-space';

/** The site's own pages that are no record's: the home page, the contact page and the news list. */
const SITE_PAGES = ['/', '/contact', '/news'];
const SITEMAP_ENTITIES = (Object.entries(ENTITIES) as [ResourceName, EntityDef][]).filter(([, def]) => def.public?.sitemap);

export const seoRoutes = fp(
  async (app: FastifyInstance) => {
    const { appKey } = app.ctx.config;

    app.get(SERVER_PATHS.sitemap, { schema: { hide: true } }, async (request, reply) => {
      const origin = siteOrigin(request);
      const all = { page: 1, size: LIMITS.maxPageSize };
      const url = (path: string, lastmod?: unknown) =>
        `  <url><loc>${escapeHtml(origin + path)}</loc>${lastmod ? `<lastmod>${String(lastmod).slice(0, 10)}</lastmod>` : ''}</url>`;
      // The site's own pages, then each record the definitions say the sitemap lists, at its address.
      const listed = await Promise.all(
        SITEMAP_ENTITIES.map(async ([name, def]) => {
          const { rows } = await serviceFor(app.ctx.services, name).repo.list(appKey, { ...all, ...forVisitors(def) });
          return rows.flatMap((row) => {
            const path = publicPathOf(def, row as Record<string, unknown>);
            return path ? [url(path, row.updated_at)] : [];
          });
        }),
      );
      const urls = [...SITE_PAGES.map((path) => url(path)), ...listed.flat()];
      return reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=600')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
        );
    });

    app.get(SERVER_PATHS.robots, { schema: { hide: true } }, async (request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send(`User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /cms/api/\n\nSitemap: ${siteOrigin(request)}/sitemap.xml\n`),
    );

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
