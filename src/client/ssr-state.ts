/**
 * The answers a server-rendered page was drawn with (src/shared/ssr.ts), sent beside its HTML.
 * The browser puts them in its query cache before hydrating, so its first render matches the HTML
 * exactly.
 */
import type { QueryClient } from '@tanstack/react-query';
import { SSR_STATE_ID, type SsrState } from '../shared/ssr';

/**
 * The state of this document, if it was rendered for the URL the browser shows. A page that is not
 * (the service worker's app shell, answered for any URL) carries none and is rendered afresh.
 */
export function readSsrState(): SsrState | undefined {
  const text = document.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as SsrState;
    return state.url === window.location.pathname + window.location.search ? state : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sets the server's answers, over anything restored from storage: hydration must see what the
 * server saw. They count as fetched now, so they are refreshed on the usual schedule.
 */
export function applySsrState(queryClient: QueryClient, state: SsrState): void {
  for (const { key, data } of state.queries) queryClient.setQueryData(key, data);
}
