/**
 * The service worker: our source, src/client/pwa/sw.ts, which Workbox's modules do the work of
 * (precache, runtime routes, the back-office's navigation fallback), with the visitor's forms kept
 * and sent from the device (src/client/site/forms/outbox.ts, which the page shares). The plugin
 * builds it and injects the precache manifest.
 *
 * The manifest is served by the server from the site's settings (src/server/pwa/manifest.ts), and
 * registration is ours (src/client/pwa/service-worker.ts): the CSP forbids the inline script the
 * plugin would inject.
 */
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_PATHS } from '../../src/shared/address-space.js';
import { BACK_OFFICE_FILE } from '../../src/client/pwa/worker-messages.js';

/**
 * The worker is one file. The plugin asks that of its build with Rollup's `inlineDynamicImports`,
 * which Rolldown (Vite 8's bundler) has replaced with `codeSplitting: false` and warns about.
 */
const workerInOneFile: Plugin = {
  name: 'orgsite:worker-in-one-file',
  config(config) {
    const output = config.build?.rollupOptions?.output;
    if (!output || Array.isArray(output) || !('inlineDynamicImports' in output)) return;
    delete output.inlineDynamicImports;
    Object.assign(output, { codeSplitting: false });
  },
};

export const pwa = (isBackOfficeFile: (url: string) => boolean, isKeptWhenOpened: (url: string) => boolean) =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    strategies: 'injectManifest',
    srcDir: 'src/client/pwa',
    filename: 'sw.ts',
    injectManifest: {
      buildPlugins: { vite: [workerInOneFile] },
      globPatterns: ['**/*.{js,css,html}', 'icons/*.png', 'favicon.png', 'images/*'],
      manifestTransforms: [
        (entries) => ({
          manifest: entries
            // A big back-office tool is kept the first time it is opened (the worker's lazy
            // assets), not ahead on every staff device.
            .filter((entry) => !isKeptWhenOpened(entry.url))
            // Files only the back-office's documents load (its own, and the parts of the public
            // stylesheet, which public pages link as one file) are not precached for every visitor:
            // they are listed, marked, and the worker keeps them once staff have signed in (sw.ts,
            // KEEP_BACK_OFFICE).
            .map((entry) => (isBackOfficeFile(entry.url) ? { ...entry, [BACK_OFFICE_FILE]: true } : entry))
            // The shell is precached as /app-shell, which the server renders with the root route
            // only (the document, its head with this site's app config, the router's scripts):
            // it opens any URL, and the browser draws the page from its cache. Its revision is
            // index.html's, which changes with the entry it names.
            .map((entry) => (entry.url === 'index.html' ? { ...entry, url: APP_PATHS.appShell } : entry)),
          warnings: [],
        }),
      ],
    },
  });
