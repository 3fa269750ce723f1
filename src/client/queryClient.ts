import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/http';
import { PERSIST_MAX_AGE_MS } from './pwa/persistence';

/**
 * Reads retry with backoff on network and server errors, never on 4xx (a retry cannot fix those),
 * and never while the browser is offline: the read fails at once, so a page not seen before shows
 * the offline screen instead of waiting for a connection.
 *
 * Reads run in 'offlineFirst' mode: the request is made even offline, because the service worker
 * may answer it from its cache. Public data is kept in memory as long as it is persisted (7 days),
 * or garbage collection would also remove it from storage.
 */
export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        networkMode: 'offlineFirst',
        retry: (failureCount, error) =>
          failureCount < 3 &&
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          !(error instanceof ApiError && error.isNetwork && !onlineManager.isOnline()),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
      },
    },
  });
  queryClient.setQueryDefaults(['public'], { gcTime: PERSIST_MAX_AGE_MS });
  return queryClient;
}
