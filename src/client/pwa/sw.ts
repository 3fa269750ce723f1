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
import { Queue } from 'workbox-background-sync';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  matchPrecache,
  PrecacheFallbackPlugin,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { isFormName, postedValues, FORM_PARAM, KEY_FIELD, SAVED_PARAM } from '../../shared/public-forms';
import { MAX_FILE_MB } from '../../shared/built-forms';
import {
  askForSync,
  type DeliveredNote,
  formElementId,
  keepOnDevice,
  type KeptFile,
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
  SEARCH_PAGE,
  SERVER_PATHS,
} from '../../shared/address-space';
import { BACK_OFFICE_FILE, KEEP_BACK_OFFICE, KEEP_SEARCH_INDEX } from './worker-messages';
import { HASHED_INDEX_FILE, OFFLINE_INDEX_MANIFEST, offlineIndexPath, SAVED_SEARCH_AFTER_MS } from '../../shared/site-search';
import { keepsPublicRead } from './public-reads-kept';
import { BEACON_PATH } from '../../shared/analytics';

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
interface ExtendableMessage extends MessageEvent<{ type?: string; locale?: string } | null> {
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

/**
 * The files of a built form's plain post (multipart), kept with its answers: a page sends them
 * through the resumable path when the link returns (outbox.ts). Undefined when one is larger than
 * any file field takes (MAX_FILE_MB): such a post is not kept, and the browser says it is offline
 * as it would without this worker, rather than the page claiming a form kept that the site refuses.
 */
function postedFiles(posted: FormData): KeptFile[] | undefined {
  const files: KeptFile[] = [];
  for (const [field, value] of posted) {
    if (typeof value === 'string' || !value.name || !value.size) continue;
    if (value.size > MAX_FILE_MB * 1024 * 1024) return undefined;
    files.push({ field, name: value.name, blob: value });
  }
  return files;
}

/** A page's plain form post: the network's answer, or kept on the device when there is none. */
async function sendOrKeep({ request }: { request: Request }): Promise<Response> {
  const copy = request.clone();
  try {
    return await fetch(request);
  } catch (error) {
    const url = new URL(request.url);
    const form = url.searchParams.get(FORM_PARAM);
    if (!isFormName(form)) throw error;
    const posted = await copy.formData();
    const given = posted.get(KEY_FIELD);
    const key = typeof given === 'string' && given ? given : crypto.randomUUID();
    url.searchParams.delete(FORM_PARAM);
    const page = url.pathname + url.search;
    const files = postedFiles(posted);
    if (files === undefined) throw error;
    if (!(await keepOnDevice({ key, form, values: postedValues(form, posted), page, ...(files.length ? { files } : {}) }))) {
      throw error;
    }
    await askForSync(self.registration);
    url.searchParams.set(SAVED_PARAM, form);
    url.hash = formElementId(form);
    return Response.redirect(url.href, 303);
  }
}
registerRoute(isVisitorFormPost, sendOrKeep, 'POST');

// An analytics beacon (site/analytics/beacon.ts) sent without a connection is kept on the device
// (Workbox's background-sync queue) and sent once: when the browser says the link is back, or as
// soon as a later beacon gets through. Kept a day at most: the view counts on the day it arrives.
// Both moments replay through one promise: two replays at once could each take the same kept
// beacon before either removed it, and the view would count twice.
const beacons = new Queue('analytics-beacons', { maxRetentionTime: 24 * 60, onSync: () => sendKeptBeacons() });
let replaying: Promise<void> | null = null;
function sendKeptBeacons(): Promise<void> {
  replaying ??= beacons
    .replayRequests()
    .catch(() => {
      // Still no link: what failed went back to the queue, for the next beacon or sync to send.
    })
    .finally(() => {
      replaying = null;
    });
  return replaying;
}
registerRoute(
  ({ url }) => url.origin === location.origin && url.pathname === `${SERVER_PATHS.api}${BEACON_PATH}`,
  async ({ request }) => {
    const copy = request.clone();
    try {
      const answer = await fetch(request);
      void sendKeptBeacons();
      return answer;
    } catch {
      await beacons.pushRequest({ request: copy });
      return new Response(null, { status: 202 });
    }
  },
  'POST',
);

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

// The search page: the server's results when they come within SAVED_SEARCH_AFTER_MS, else the app
// shell, whose search page answers from the index kept on the device (keepSearchIndex, below).
// Never kept: anyone's words, and a kept answer would pass for the server's.
const SEARCH_PAGE_PATH = new RegExp(`^(/[a-z]{2,3}(-[A-Za-z0-9]{2,8})*)?${SEARCH_PAGE}$`);
registerRoute(
  ({ request, url }) => url.origin === location.origin && request.mode === 'navigate' && SEARCH_PAGE_PATH.test(url.pathname),
  async ({ request }) => {
    const network = fetch(request);
    const late = new Promise<undefined>((resolve) => setTimeout(resolve, SAVED_SEARCH_AFTER_MS));
    const answer = await Promise.race([network.catch(() => undefined), late]);
    return answer ?? (await matchPrecache(APP_PATHS.appShell)) ?? network;
  },
);

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

// The site's search index of each language (server/content/offline-search.ts), what the search
// page answers from offline (site/search/saved-search.ts). Its files are answered from what is kept
// here first: the kept entry names the kept chunks, and only keepSearchIndex replaces them, whole.
// Pagefind asks its entry with a `?ts=` of its own; one copy is kept whatever it says.
const SEARCH_INDEX_CACHE = 'search-index';
const withoutQuery = (url: string) => url.split('?')[0]!;
registerRoute(
  ({ url }) => url.origin === location.origin && url.pathname.startsWith(`${SERVER_PATHS.searchIndex}/`),
  new CacheFirst({
    cacheName: SEARCH_INDEX_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      { cacheKeyWillBeUsed: async ({ request }) => withoutQuery(request.url) },
    ],
  }),
);

/**
 * Keeps a language's index as its list says now (`files.json`): every listed file not kept yet,
 * one at a time at low priority, then the entry that names them, then drops what the list no
 * longer names. Nothing is replaced when the list has not changed (its ETag), and the entry is
 * replaced only once everything it names is kept, so an interrupted refresh leaves the old index whole.
 */
async function keepSearchIndex(locale: string): Promise<boolean> {
  const base = new URL(offlineIndexPath(locale), location.origin).href;
  const cache = await caches.open(SEARCH_INDEX_CACHE);
  const listUrl = `${base}${OFFLINE_INDEX_MANIFEST}`;
  const list = await fetch(listUrl, { cache: 'no-cache' });
  if (!list.ok) return false;
  const kept = await cache.match(listUrl);
  if (kept && kept.headers.get('ETag') === list.headers.get('ETag')) return true;
  const { files } = (await list.clone().json()) as { files: string[] };
  for (const name of files) {
    const url = `${base}${name}`;
    // Named by their content, the chunks kept stay right; the script and its wasm may be newer.
    if (HASHED_INDEX_FILE.test(name) && (await cache.match(url))) continue;
    const response = await fetch(url, { priority: 'low', cache: 'no-cache' });
    if (!response.ok) return false;
    await cache.put(url, response);
  }
  const entry = await fetch(`${base}pagefind-entry.json`, { cache: 'no-cache' });
  if (!entry.ok) return false;
  await cache.put(`${base}pagefind-entry.json`, entry);
  await cache.put(listUrl, list);
  const listed = new Set([...files, 'pagefind-entry.json', OFFLINE_INDEX_MANIFEST].map((name) => `${base}${name}`));
  const keepsFragments = files.some((name) => name.startsWith('fragment/'));
  for (const request of await cache.keys()) {
    const url = withoutQuery(request.url);
    // Fragments fetched by queries stay when the list names none (a site too large to keep them all).
    if (url.startsWith(base) && !listed.has(url) && (keepsFragments || !url.startsWith(`${base}fragment/`))) {
      await cache.delete(request);
    }
  }
  return true;
}

/** The keeping under way per language: a page asking meanwhile waits for it (two would write the same entries at once). */
const keeping = new Map<string, Promise<boolean>>();
self.addEventListener('message', (event) => {
  if (event.data?.type !== KEEP_SEARCH_INDEX || typeof event.data.locale !== 'string') return;
  const locale = event.data.locale;
  let kept = keeping.get(locale);
  if (!kept) {
    kept = keepSearchIndex(locale).finally(() => keeping.delete(locale));
    keeping.set(locale, kept);
  }
  event.waitUntil(kept.catch(() => false).then((kept) => event.ports[0]?.postMessage(kept)));
});
