/**
 * GET /manifest.webmanifest: the web app manifest, written from the site's settings so one build
 * installs under any site's own name. Icons and screenshots ship with the build (public/icons,
 * public/screenshots); the colours match the theme-color of the document (src/client/App.tsx).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Records } from '../../shared/entities';
import { findApplication } from '../plugins/tenant';
import { SERVER_PATHS } from '../../shared/address-space';

export const THEME_COLOR = '#0b5394';
export const BACKGROUND_COLOR = '#ffffff';
/** Launchers cut longer short names (Chrome's guidance: 12 characters). */
export const SHORT_NAME_MAX = 12;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The whole name when it fits, else as many whole words as fit, else the name cut to fit. */
export function shortName(name: string): string {
  if (name.length <= SHORT_NAME_MAX) return name;
  let words = '';
  for (const word of name.split(/\s+/)) {
    const next = words ? `${words} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    words = next;
  }
  return words || name.slice(0, SHORT_NAME_MAX);
}

export function webManifest(site: Records['applications'] | undefined) {
  const name = text(site?.name) || text(site?.title) || 'Website';
  const description = text(site?.meta_description) || text(site?.description) || undefined;
  const siteIcon = text(site?.icon);
  return {
    id: '/',
    name,
    short_name: shortName(name),
    ...(description ? { description } : {}),
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      // An uploaded icon has no known pixel size; only a vector one can honestly claim "any".
      ...(siteIcon.toLowerCase().endsWith('.svg')
        ? [{ src: siteIcon, sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]
        : []),
    ],
    screenshots: [
      {
        src: '/screenshots/home-wide.png',
        sizes: '1280x720',
        type: 'image/png',
        form_factor: 'wide',
        label: `${name}: home page`,
      },
      {
        src: '/screenshots/home-narrow.png',
        sizes: '390x844',
        type: 'image/png',
        form_factor: 'narrow',
        label: `${name}: home page on a phone`,
      },
    ],
  };
}

export const manifestRoutes = fp(
  async (app: FastifyInstance) => {
    app.get(SERVER_PATHS.manifest, { schema: { hide: true } }, async (request, reply) => {
      const site = await findApplication(request, app.ctx.config.appKey);
      return (
        reply
          .type('application/manifest+json; charset=utf-8')
          // Renaming the site should reach installed apps within the hour, not after a year.
          .header('Cache-Control', 'public, max-age=3600')
          .send(JSON.stringify(webManifest(site)))
      );
    });
  },
  { name: 'web-manifest', encapsulate: true, dependencies: ['app-context'] },
);
