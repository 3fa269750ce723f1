/**
 * Two builds from one config: the browser build (the SPA, its chunk plans and the service worker)
 * and, with `--ssr src/client/entry-server.tsx` (scripts/build.mjs), the server-rendering bundle of
 * the public site. The parts live in scripts/vite/; tests are configured in vitest.config.ts.
 */
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { buildId } from './scripts/vite/build-id.js';
import { chunkPlans } from './scripts/vite/chunk-plans.js';
import { devRendering } from './scripts/vite/dev-rendering.js';
import { publicStylesheet } from './scripts/vite/public-stylesheet.js';
import { preloadLists } from './scripts/vite/preload-lists.js';
import { pwa } from './scripts/vite/pwa.js';
import { SERVER_PATHS } from './src/shared/address-space.js';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;
/** What the dev server sends on to the API server; pages are rendered by Vite itself (dev-rendering.ts). */
const apiPaths = Object.values(SERVER_PATHS);

/** The same routes and code splitting for the browser and the server bundle. */
const routerPlugin = () =>
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/client/routes',
    generatedRouteTree: './src/client/routeTree.gen.ts',
  });

/**
 * The server bundle includes every package it uses, so the server needs none of the front-end
 * packages at run time; it has no service worker or route manifest of its own.
 */
const ssrBuild: UserConfig = {
  define: { __BUILD_ID__: JSON.stringify('ssr'), 'process.env.NODE_ENV': JSON.stringify('production') },
  plugins: [routerPlugin(), react()],
  ssr: { noExternal: true, target: 'node' },
  build: { sourcemap: false, emptyOutDir: true, copyPublicDir: false, minify: false },
};

function browserBuild(): UserConfig {
  const plans = chunkPlans();
  const sheet = publicStylesheet();
  const preloads = preloadLists();
  return {
    define: { __BUILD_ID__: JSON.stringify(buildId()) },
    // The router plugin must run before React's: it generates the route tree and splits route code.
    plugins: [
      routerPlugin(),
      react(),
      ...plans.plugins,
      sheet.plugin,
      preloads.plugin,
      pwa((url) => plans.isAdminFile(url) || sheet.isPart(url), plans.isKeptWhenOpened),
      devRendering(apiTarget, apiPaths),
    ],
    server: { port: 5173, proxy: Object.fromEntries(apiPaths.map((p) => [p, apiTarget])) },
    // The manifest tells the server which chunks each route needs (src/client/router-manifest.ts).
    build: {
      outDir: 'dist',
      sourcemap: false,
      chunkSizeWarningLimit: 800,
      manifest: true,
      modulePreload: { resolveDependencies: preloads.resolveDependencies },
      // A font stays a file, however small: inlined, it would be render-blocking stylesheet bytes
      // on every page, fetched whether its letters are shown or not (unicode-range decides that).
      assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
      rolldownOptions: {
        // The app (index.html names main.tsx) and what wakes the islands of server-rendered pages.
        input: { index: 'index.html', islands: 'src/client/islands/main.ts' },
        output: { codeSplitting: { groups: [plans.siteGroup, plans.adminShellGroup] } },
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : browserBuild()));
