/**
 * The service worker. generateSW: everything the worker does is declarative Workbox configuration
 * (precache, four runtime routes, a navigation fallback, the SKIP_WAITING message of 'prompt'
 * mode), so there is no worker source of our own to maintain.
 *
 * Offline reading: public pages are islands documents the server finished (src/client/App.tsx);
 * each one visited, opened directly or in place by the navigator, is kept ('pages', network first)
 * and shown from there without a connection. A public page never visited gets the app shell, which
 * says the visitor is offline inside the site's layout. The back-office always opens from the shell.
 *
 * The manifest is served by the server from the site's settings (src/server/pwa/manifest.ts), and
 * registration is ours (src/client/pwa/service-worker.ts): the CSP forbids the inline script the
 * plugin would inject.
 */
import { VitePWA } from 'vite-plugin-pwa';

const DAY = 24 * 60 * 60;

export const pwa = (isAdminFile: (url: string) => boolean) =>
  VitePWA({
    strategies: 'generateSW',
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html}', 'icons/*.png', 'favicon.png', 'images/*'],
      manifestTransforms: [
        (entries) => ({
          manifest: entries
            .filter((entry) => !isAdminFile(entry.url))
            // The shell is precached as /app-shell, which the server renders with the root route
            // only (the document, its head with this site's app config, the router's scripts):
            // it opens any URL, and the browser draws the page from its cache. Its revision is
            // index.html's, which changes with the entry it names.
            .map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/app-shell' } : entry)),
          warnings: [],
        }),
      ],
      navigateFallback: '/app-shell',
      // Public pages are the 'pages' route's; only the back-office opens from the shell directly.
      navigateFallbackAllowlist: [/^\/admin(\/|$)/],
      navigateFallbackDenylist: [
        /^\/cms(\/|$)/,
        /^\/uploads\//,
        /^\/sitemap\.xml$/,
        /^\/robots\.txt$/,
        /^\/analytics\.js$/,
        /^\/manifest\.webmanifest$/,
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      runtimeCaching: [
        {
          // Public pages: the network first (a visitor sees today's page), after 4 s or offline the
          // copy kept, and for a page never kept the app shell (its offline screen).
          urlPattern: ({ request, url, sameOrigin }) =>
            sameOrigin &&
            (request.mode === 'navigate' || (request.headers.get('Accept') ?? '').includes('text/html')) &&
            !/^\/(admin|cms|uploads|app-shell)(\/|$)/.test(url.pathname) &&
            !url.searchParams.has('preview'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'pages',
            networkTimeoutSeconds: 4,
            expiration: { maxEntries: 100, maxAgeSeconds: 30 * DAY },
            cacheableResponse: { statuses: [200] },
            precacheFallback: { fallbackURL: '/app-shell' },
          },
        },
        {
          // Public reads carry the app-key header but are keyed by URL: one site per origin.
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin &&
            url.pathname.startsWith('/cms/') &&
            !/^\/cms\/(api|docs)(\/|$)/.test(url.pathname) &&
            // A preview shows a draft to whoever holds its link for an hour: it is never kept.
            !url.searchParams.has('preview'),
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'cms-reads',
            expiration: { maxEntries: 300, maxAgeSeconds: 7 * DAY },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Stored names are never reused, so a cached upload is never out of date.
          urlPattern: ({ url, request, sameOrigin }) =>
            sameOrigin &&
            url.pathname.startsWith('/uploads/') &&
            (request.destination === 'image' || /\.(avif|gif|jpe?g|png|svg|webp)$/i.test(url.pathname)),
          handler: 'CacheFirst',
          options: {
            cacheName: 'uploads',
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * DAY },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // Admin chunks are not precached; the ones staff have loaded once stay usable offline.
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'lazy-assets',
            expiration: { maxEntries: 150, maxAgeSeconds: 30 * DAY },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
