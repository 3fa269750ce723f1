/**
 * Whether visitors should be told they are offline: the browser says so, or a public read failed
 * because no answer came (ApiError.isNetwork) although the browser thinks it is online (captive
 * portals, a dead server, "lie-fi"). TanStack Query's onlineManager follows the browser's state
 * from the start: by default it assumes online until an `offline` event, which never fires for a
 * page that was loaded offline, so paused saves would otherwise be retried at once.
 */
import { onlineManager, type QueryCacheNotifyEvent, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/http';
import { createStore } from './store';

export interface Connectivity {
  browserOnline: boolean;
  serverUnreachable: boolean;
}

export type ConnectivityEvent =
  { type: 'browser'; online: boolean } | { type: 'read.failed'; network: boolean } | { type: 'read.succeeded' };

export function nextConnectivity(state: Connectivity, event: ConnectivityEvent): Connectivity {
  switch (event.type) {
    case 'browser':
      return { ...state, browserOnline: event.online };
    case 'read.failed':
      // A 4xx or 5xx is an answer: the server is reachable, whatever it said.
      return { ...state, serverUnreachable: event.network };
    case 'read.succeeded':
      return { ...state, serverUnreachable: false };
  }
}

export const isNetworkError = (error: unknown): boolean => error instanceof ApiError && error.isNetwork;

const isPublicRead = (event: QueryCacheNotifyEvent) => event.query.queryKey[0] === 'public';

const store = createStore<Connectivity>({
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  serverUnreachable: false,
});
const dispatch = (event: ConnectivityEvent) => store.set(nextConnectivity(store.get(), event));

export const getConnectivity = store.get;
export const subscribeConnectivity = store.subscribe;

export function wireConnectivity(queryClient: QueryClient): void {
  onlineManager.setEventListener((setOnline) => {
    const update = () => {
      setOnline(navigator.onLine);
      dispatch({ type: 'browser', online: navigator.onLine });
    };
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || !isPublicRead(event)) return;
    if (event.action.type === 'error') dispatch({ type: 'read.failed', network: isNetworkError(event.action.error) });
    if (event.action.type === 'success') dispatch({ type: 'read.succeeded' });
  });
}
