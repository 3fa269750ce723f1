/**
 * The service worker. generateSW: everything the worker does is declarative Workbox configuration
 * (precache, three runtime routes, a navigation fallback, the SKIP_WAITING message of 'prompt'
 * mode), so there is no worker source of our own to maintain. The manifest is served by the server
 * from the site's settings (src/server/pwa/manifest.ts), and registration is ours
 * (src/client/pwa/service-worker.ts): the CSP forbids the inline script the plugin would inject.
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
