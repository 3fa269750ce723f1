import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api/http';

/** Reads retry with backoff on network and server errors, never on 4xx (a retry cannot fix those). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          failureCount < 3 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
      },
    },
  });
}
