/**
 * Registers the service worker (production builds only: the dev server has none) and says when a
 * new version is waiting. Activating it is the visitor's decision: `applyUpdate` is called from the
 * update prompt's Reload button, never on its own, so nobody loses an edit to a silent reload.
 */
import { messageSW, Workbox } from 'workbox-window';
import { createStore } from './store';
import { BUILD_PATHS } from '../../shared/address-space';
import { KEEP_BACK_OFFICE, KEEP_SEARCH_INDEX } from './worker-messages';

const UPDATE_CHECK_MS = 60 * 60 * 1000;

const updateStore = createStore(false);

export const subscribeUpdate = updateStore.subscribe;
export const isUpdateWaiting = updateStore.get;

/**
 * How long a visitor's first page has the link to itself after it has loaded, before the worker
 * is installed and fetches the site's files to keep (its precache, many times the page's own
 * scripts): on a slow phone the page's images and islands finish first.
 */
const FIRST_PAGE_SETTLES_MS = 3000;

/**
 * Registers the worker once the page has loaded (Workbox's own default). On a first visit, with no
 * worker in control yet, `afterFirstPage` waits FIRST_PAGE_SETTLES_MS more: public pages, whose
 * first visitor is reading, not working offline. A returning visitor's worker is asked at once.
 */
export function registerServiceWorker({ afterFirstPage = false } = {}): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox(BUILD_PATHS.serviceWorker, { scope: '/' });
  // Fires for a worker installed now and for one that was already waiting when the page loaded.
  workbox.addEventListener('waiting', () => updateStore.set(true));
  const settled = new Promise<void>((resolve) => {
    const wait = afterFirstPage && navigator.serviceWorker.controller === null ? FIRST_PAGE_SETTLES_MS : 0;
    const later = () => setTimeout(resolve, wait);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
  settled
    .then(() => workbox.register({ immediate: true }))
    .then((registration) => {
      // A tab left open for days still learns about new versions.
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
      keepSearchIndex();
    })
    // A browser that refuses workers (policies, some private modes) just has no offline copy.
    .catch(() => undefined);
}

/**
 * Lets the waiting worker take over, then reloads once it controls this page. Asks the browser
 * which worker waits now rather than what was known when the prompt showed: if it has taken over
 * meanwhile (Reload pressed in another tab), there is nothing to message and a reload alone shows
 * the new version; the press never does nothing.
 */
export async function applyUpdate(): Promise<void> {
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!waiting) return window.location.reload();
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}

/**
 * Staff have signed in on this device: the worker keeps every back-office file (sw.ts), so a screen
 * not opened yet still opens offline. Marks the document `data-back-office="kept"` once the worker
 * says it has them (tests wait for it). A link that drops while they come (the normal case here)
 * leaves some unkept: the device asks again when it is back online, until all are kept. A browser
 * without a worker has nothing to keep.
 */
let keeping = false;
export function keepBackOfficeOffline(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || keeping) return;
  keeping = true;
  const keep = () =>
    navigator.serviceWorker.ready
      .then(({ active }) => active !== null && messageSW(active, { type: KEEP_BACK_OFFICE }))
      .catch(() => false)
      .then((kept) => {
        if (kept === true) {
          document.documentElement.dataset.backOffice = 'kept';
          keeping = false;
        } else window.addEventListener('online', () => void keep(), { once: true });
      });
  void keep();
}

/**
 * On a home page the worker already controls (a visitor who came back: a first visit downloads no
 * index), the worker keeps the search index of the page's language, or brings it up to date after
 * writes (sw.ts), in the background. `<html data-search-index="kept">` once it has (tests wait for it).
 */
function keepSearchIndex(): void {
  const { controller } = navigator.serviceWorker;
  const locale = document.documentElement.lang;
  if (!controller || !locale || !['/', `/${locale}`, `/${locale}/`].includes(location.pathname)) return;
  void messageSW(controller, { type: KEEP_SEARCH_INDEX, locale })
    .then((kept) => {
      if (kept === true) document.documentElement.dataset.searchIndex = 'kept';
    })
    .catch(() => undefined);
}
