/**
 * The service worker (built by vite-plugin-pwa's injectManifest, scripts/vite/pwa.ts). Workbox
 * does the work: the precache, four runtime routes and the back-office's navigation fallback. Our
 * own part is what the visitor's forms need, shared with the page through outbox.ts.
 *
 * Offline reading: public pages are islands documents the server finished (src/client/App.tsx);
 * each one visited, opened directly or in place by the navigator, is kept ('pages', network first)
 * and shown from there without a connection. A public page never visited gets the app shell, which
 * says the visitor is offline inside the site's layout. The back-office always opens from the shell.
 *
 * A visitor's form: the plain post of a page (made before its island woke) that finds no connection
 * is kept on the device and the page shown again with `?saved=<form>`, which says so; whatever waits
 * is sent when the browser fires the background-sync event (the connection is back).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  PrecacheFallbackPlugin,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { formValues, isPublicFormName, FORM_PARAM, KEY_FIELD, SAVED_PARAM } from '../../shared/public-forms';
import {
  askForSync,
  type DeliveredNote,
  formElementId,
  keepOnDevice,
  sendWaiting,
  SYNC_TAG,
  TOLD_CACHE,
  TOLD_MESSAGE,
} from '../site/forms/outbox';
import {
  APP_PATHS,
  BACK_OFFICE_PATTERN,
  BUILD_PATHS,
  isApiOrFileAddress,
  isBackOfficeAddress,
  SERVER_PATHS,
} from '../../shared/address-space';
import { BACK_OFFICE_FILE, KEEP_BACK_OFFICE } from './worker-messages';
import { keepsPublicRead } from './public-reads-kept';

/** The part of the worker's global scope used here (the project's types are the page's, not the worker's). */
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ postMessage(message: unknown): void }[]>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: ExtendableMessage) => void): void;
  addEventListener(type: 'sync', listener: (event: { tag: string; waitUntil(done: Promise<unknown>): void }) => void): void;
}
declare const self: WorkerScope;

/** A page's message; the worker stays alive until what it started is done (waitUntil). */
interface ExtendableMessage extends MessageEvent<{ type?: string } | null> {
  waitUntil(done: Promise<unknown>): void;
}

const DAY = 24 * 60 * 60;
const THIRTY_DAYS = 30 * DAY;

// 'prompt' updates: a new version waits until the visitor presses Reload (UpdatePrompt).
self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

// Every visitor's files are precached; the back-office's are kept once staff sign in (below).
const isBackOfficeFile = (entry: PrecacheEntry | string) => typeof entry === 'object' && BACK_OFFICE_FILE in entry;
const buildFiles = self.__WB_MANIFEST; // the one place the build injects the list
const backOfficeFiles = buildFiles.filter(isBackOfficeFile).map((entry) => (entry as PrecacheEntry).url);
precacheAndRoute(buildFiles.filter((entry) => !isBackOfficeFile(entry)));
cleanupOutdatedCaches();

// Only the back-office opens from the shell directly; public pages are the 'pages' route's.
registerRoute(new NavigationRoute(createHandlerBoundToURL(APP_PATHS.appShell), { allowlist: [BACK_OFFICE_PATTERN] }));

const isVisitorFormPost = ({ request, url }: { request: Request; url: URL }) =>
  url.origin === location.origin && request.mode === 'navigate' && url.searchParams.has(FORM_PARAM);

/** A page's plain form post: the network's answer, or kept on the device when there is none. */
async function sendOrKeep({ request }: { request: Request }): Promise<Response> {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch (error) {
    const url = new URL(request.url);
    const form = url.searchParams.get(FORM_PARAM);
    if (!isPublicFormName(form)) throw error;
    const posted = Object.fromEntries(await copy.formData());
    const key = typeof posted[KEY_FIELD] === 'string' && posted[KEY_FIELD] ? posted[KEY_FIELD] : crypto.randomUUID();
    url.searchParams.delete(FORM_PARAM);
    const page = url.pathname + url.search;
    if (!(await keepOnDevice({ key, form, values: formValues(form, posted), page }))) throw error;
    await askForSync(self.registration);
    url.searchParams.set(SAVED_PARAM, form);
    url.hash = formElementId(form);
    return Response.redirect(url.href, 303);
  }
}
registerRoute(isVisitorFormPost, sendOrKeep, 'POST');

/** A note for the page, kept until a page reads it (also one opened later), and a word to open ones. */
async function tellPages(note: DeliveredNote): Promise<void> {
  const told = await caches.open(TOLD_CACHE);
  await told.put(`/visitor-forms/told/${encodeURIComponent(note.id)}`, Response.json(note));
  for (const page of await self.clients.matchAll({ type: 'window', includeUncontrolled: true })) {
    page.postMessage({ type: TOLD_MESSAGE });
  }
}
self.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(sendWaiting(tellPages));
});

// Public pages: the network first (a visitor sees today's page), after 4 s or offline the copy
// kept, and for a page never kept the app shell (its offline screen). `?saved=` only adds the
// form's note to a page (sendOrKeep): it is the page kept without it.
registerRoute(
  ({ request, url }) =>
    url.origin === location.origin &&
    (request.mode === 'navigate' || (request.headers.get('Accept') ?? '').includes('text/html')) &&
    !isApiOrFileAddress(url.pathname) &&
    !isBackOfficeAddress(url.pathname) &&
    url.pathname !== APP_PATHS.appShell &&
    !url.searchParams.has('preview'),
  new NetworkFirst({
    cacheName: 'pages',
    networkTimeoutSeconds: 4,
    plugins: [
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: THIRTY_DAYS }),
      new CacheableResponsePlugin({ statuses: [200] }),
      new PrecacheFallbackPlugin({ fallbackURL: APP_PATHS.appShell }),
      {
        cacheKeyWillBeUsed: async ({ request }) => {
          const url = new URL(request.url);
          if (!url.searchParams.has(SAVED_PARAM)) return request;
          url.searchParams.delete(SAVED_PARAM);
          return url.href;
        },
      },
    ],
  }),
);

// Public reads carry the app-key header but are keyed by URL: one site per origin.
registerRoute(
  ({ url, request }) => keepsPublicRead(url, request, location.origin),
  new StaleWhileRevalidate({
    cacheName: 'cms-reads',
    plugins: [
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * DAY }),
      new CacheableResponsePlugin({ statuses: [200] }),
    ],
  }),
);

// Stored names are never reused, so a cached upload is never out of date.
registerRoute(
  ({ url, request }) =>
    url.origin === location.origin &&
    url.pathname.startsWith(`${SERVER_PATHS.uploads}/`) &&
    (request.destination === 'image' || /\.(avif|gif|jpe?g|png|svg|webp)$/i.test(url.pathname)),
  new CacheFirst({
    cacheName: 'uploads',
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: THIRTY_DAYS }),
      new CacheableResponsePlugin({ statuses: [200] }),
    ],
  }),
);

// Build files not precached (the back-office's, fonts): their names change with their content,
// so a kept copy is never out of date.
const lazyAssets = new CacheFirst({
  cacheName: 'lazy-assets',
  plugins: [
    new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: THIRTY_DAYS }),
    new CacheableResponsePlugin({ statuses: [200] }),
  ],
});
registerRoute(({ url }) => url.origin === location.origin && url.pathname.startsWith(`${BUILD_PATHS.assets}/`), lazyAssets);

// A signed-in back-office asks for all of its files, so a screen never opened before still opens
// offline (and a save waiting there is sent). One at a time, at low priority: the staff member's
// own reads go first on a slow link; a file already kept costs nothing.
self.addEventListener('message', (event) => {
  if (event.data?.type !== KEEP_BACK_OFFICE) return;
  event.waitUntil(
    (async () => {
      let allKept = true;
      for (const url of backOfficeFiles) {
        const [response, kept] = lazyAssets.handleAll({ request: new Request(url, { priority: 'low' }), event });
        await Promise.all([response, kept]).catch(() => (allKept = false));
      }
      // The page's messageSW waits on this answer (service-worker.ts).
      event.ports[0]?.postMessage(allKept);
    })(),
  );
});
