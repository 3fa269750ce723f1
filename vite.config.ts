import { execSync } from 'node:child_process';
import path from 'node:path';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import type { Plugin, UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { publicSharedModules } from './src/build/public-chunks.js';
import { adminOnlyFiles } from './src/client/pwa/precache-plan.js';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Names this build: it busts the persisted query cache, so a new version never reads data shaped
 * by an old one. BUILD_ID may be set by a release; otherwise the commit plus the build time, since
 * two builds of one commit (uncommitted work, config changes) may differ.
 */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let commit = 'dev';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout (e.g. an unpacked release): the time alone still tells builds apart
  }
  return `${commit}-${Date.now().toString(36)}`;
}

/** Filled by `adminChunks` from the bundle, read by the service-worker manifest transform after it. */
let adminFiles = new Set<string>();
const adminChunks: Plugin = {
  name: 'orgsite:admin-chunks',
  apply: 'build',
  generateBundle(_options, bundle) {
    adminFiles = adminOnlyFiles(
      Object.values(bundle).flatMap((output) =>
        output.type === 'chunk'
          ? [
              {
                fileName: output.fileName,
                isEntry: output.isEntry,
                facadeModuleId: output.facadeModuleId,
                imports: output.imports,
                dynamicImports: output.dynamicImports,
                css: [...(output.viteMetadata?.importedCss ?? [])],
                assets: [...(output.viteMetadata?.importedAssets ?? [])],
              },
            ]
          : [],
      ),
    );
  },
};

/** Filled by `publicChunks` once the module graph is complete, read by the codeSplitting group. */
let siteModules = new Set<string>();
const publicChunks: Plugin = {
  name: 'orgsite:public-chunks',
  apply: 'build',
  buildEnd() {
    const entry = path.resolve('src/client/main.tsx');
    siteModules = publicSharedModules({ ids: this.getModuleIds(), info: (id) => this.getModuleInfo(id) }, entry);
  },
};

const DAY = 24 * 60 * 60;

/** The same routes and code splitting for the browser and the server bundle. */
const routerPlugin = () =>
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/client/routes',
    generatedRouteTree: './src/client/routeTree.gen.ts',
  });

/**
 * `vite build --ssr src/client/entry-server.tsx` (scripts/build.mjs) makes the server-rendering
 * bundle of the public site. It bundles every package it uses, so the server needs none of the
 * front-end packages at run time, and it has no service worker or route manifest of its own.
 */
const ssrBuild: UserConfig = {
  define: { __BUILD_ID__: JSON.stringify('ssr'), 'process.env.NODE_ENV': JSON.stringify('production') },
  plugins: [routerPlugin(), react()],
  ssr: { noExternal: true, target: 'node' },
  build: { sourcemap: false, emptyOutDir: true, copyPublicDir: false, minify: false },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        define: { __BUILD_ID__: JSON.stringify(buildId()) },
        plugins: [
          // The router plugin must run before React's: it generates the route tree and splits route code.
          routerPlugin(),
          react(),
          adminChunks,
          publicChunks,
          // generateSW: everything the worker does is declarative Workbox configuration (precache,
          // three runtime routes, a navigation fallback, the SKIP_WAITING message of 'prompt' mode), so
          // there is no worker source of our own to maintain. The manifest is served by the server from
          // the site's settings (src/server/pwa/manifest.ts), and registration is ours
          // (src/client/pwa/service-worker.ts): the CSP forbids the inline script the plugin would inject.
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
                    .filter((entry) => !adminFiles.has(entry.url))
                    // The shell is precached as /app-shell, which the server answers with the head it
                    // renders (app-config meta with this site's app key) and no server-rendered page:
                    // it opens any URL, and the browser draws the page from its cache.
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
                    sameOrigin && url.pathname.startsWith('/cms/') && !/^\/cms\/(api|docs)(\/|$)/.test(url.pathname),
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
          }),
        ],
        server: {
          port: 5173,
          proxy: {
            '/cms': apiTarget,
            '/uploads': apiTarget,
            '/sitemap.xml': apiTarget,
            '/robots.txt': apiTarget,
            '/analytics.js': apiTarget,
            '/manifest.webmanifest': apiTarget,
          },
        },
        // The manifest tells the server which chunks each route needs (src/server/seo/route-preloads.ts).
        build: {
          outDir: 'dist',
          sourcemap: false,
          chunkSizeWarningLimit: 800,
          manifest: true,
          rolldownOptions: { output: { codeSplitting: { groups: [{ name: (id) => (siteModules.has(id) ? 'site' : null) }] } } },
        },
        test: {
          projects: [
            {
              extends: true,
              test: {
                name: 'unit',
                include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts'],
                environment: 'node',
              },
            },
            {
              extends: true,
              test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 20_000 },
            },
            {
              extends: true,
              test: {
                name: 'e2e',
                include: ['tests/e2e/**/*.test.ts'],
                environment: 'node',
                testTimeout: 60_000,
                hookTimeout: 120_000,
                fileParallelism: false,
              },
            },
          ],
        },
      },
);
