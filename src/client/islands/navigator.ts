/**
 * In-page navigation for islands documents: a click on a link to another public page fetches that
 * page's HTML (the server's page cache, or the service worker's copy offline) and puts it in place
 * of this one, without reloading: the islands of the old page are let go and those of the new one
 * woken, the head follows (title, description, canonical, structured data, stylesheets), the
 * history gets an entry, the back button restores the place the visitor was at, and focus moves to
 * the new content so screen readers announce it.
 *
 * A document that is not an islands document of this build (the app shell, a page the server
 * could not finish, a new version of the site) is opened by the browser itself.
 */
import { inPageNavigation, isSitePage } from './links';
import { stopIslands, wakeIslands } from './hydrate';

interface PlaceState {
  scrollY?: number;
}

let inFlight: AbortController | undefined;

/** The build's islands entry named by a document: a different one means a new version. */
const entryOf = (doc: Document) => doc.querySelector('script[data-entry]')?.getAttribute('data-entry');

export function startNavigator(onSwapped: () => void): void {
  if (!('DOMParser' in window) || !window.history.pushState) return;
  history.scrollRestoration = 'manual';
  document.addEventListener('click', (event) => {
    const url = inPageNavigation(event);
    if (!url) return;
    event.preventDefault();
    void navigate(url, 'push', onSwapped);
  });
  window.addEventListener('popstate', (event) => {
    const url = new URL(window.location.href);
    if (isSitePage(url)) void navigate(url, 'pop', onSwapped, (event.state as PlaceState | null)?.scrollY);
  });
}

/** Opens `url` in place of this page; the browser opens it when that cannot be done. */
async function navigate(url: URL, mode: 'push' | 'pop', onSwapped: () => void, scrollY?: number): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  if (mode === 'push') history.replaceState({ ...(history.state as object), scrollY: window.scrollY } satisfies PlaceState, '');
  document.documentElement.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(url, { headers: { Accept: 'text/html' }, signal: controller.signal });
    const type = response.headers.get('Content-Type') ?? '';
    if (!type.includes('text/html')) throw new Error('not a page');
    const html = await response.text();
    const next = new DOMParser().parseFromString(html, 'text/html');
    const finalUrl = new URL(response.url || url.href);
    finalUrl.hash = url.hash;
    if (next.documentElement.dataset.mode !== 'islands' || entryOf(next) !== entryOf(document) || !isSitePage(finalUrl)) {
      throw new Error('not an islands page of this build');
    }
    await adoptHead(next);
    if (controller.signal.aborted) return;
    const root = document.getElementById('root');
    const nextRoot = next.getElementById('root');
    if (!root || !nextRoot) throw new Error('no root');
    stopIslands(root);
    root.replaceWith(document.adoptNode(nextRoot));
    if (mode === 'push') history.pushState({} satisfies PlaceState, '', finalUrl);
    else if (finalUrl.href !== window.location.href) history.replaceState({} satisfies PlaceState, '', finalUrl);
    settle(finalUrl, scrollY);
    void wakeIslands(nextRoot).then(onSwapped);
  } catch {
    if (controller.signal.aborted) return;
    // The browser opens it: it shows whatever the address is, or the service worker's offline copy.
    if (mode === 'pop') window.location.reload();
    else window.location.assign(url);
  } finally {
    if (inFlight === controller) {
      inFlight = undefined;
      document.documentElement.removeAttribute('aria-busy');
    }
  }
}

/** The place to show: the anchor asked for, where the visitor was (back), or the top; focus follows. */
function settle(url: URL, scrollY: number | undefined): void {
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (scrollY !== undefined) window.scrollTo(0, scrollY);
  else if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  if (scrollY === undefined) document.getElementById('main-content')?.focus({ preventScroll: true });
}

/** Tags of the head that describe the page (they are replaced); the rest stays. */
const PAGE_TAGS =
  'title, meta[name="description"], meta[property^="og:"], meta[name^="twitter:"], link[rel="canonical"], script[type="application/ld+json"], meta[name="robots"]';

/** Makes the head the new page's: its own tags, and the stylesheets it needs, loaded before it shows. */
async function adoptHead(next: Document): Promise<void> {
  const have = new Set(
    [...document.head.querySelectorAll('link[rel="stylesheet"]')].map((link) => (link as HTMLLinkElement).href),
  );
  const loading: Promise<unknown>[] = [];
  // A disabled one only names a part of the public stylesheet for Vite's loader: never fetched, it
  // would never load.
  for (const link of next.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')) {
    if (have.has(link.href)) continue;
    const added = document.adoptNode(link);
    loading.push(
      new Promise((resolve) => {
        added.addEventListener('load', resolve, { once: true });
        added.addEventListener('error', resolve, { once: true });
      }),
    );
    document.head.append(added);
  }
  await Promise.all(loading);
  for (const old of document.head.querySelectorAll(PAGE_TAGS)) old.remove();
  document.head.append(...[...next.head.querySelectorAll(PAGE_TAGS)].map((tag) => document.adoptNode(tag)));
}
