/**
 * The answers a server-rendered page was drawn with. The router carries them to the browser with
 * its own dehydrated state (router.tsx), which puts them in its query cache before hydrating, so
 * its first render matches the HTML exactly.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';

export interface SsrState {
  queries: { key: readonly unknown[]; data: unknown }[];
}

/** What the server's reads returned; a failed read is left for the browser to start again. */
export function successfulQueries(queryClient: QueryClient): SsrState['queries'] {
  return dehydrate(queryClient).queries.flatMap((query) =>
    query.state.status === 'success' ? [{ key: query.queryKey, data: query.state.data }] : [],
  );
}

/**
 * Sets the server's answers, over anything restored from storage: hydration must see what the
 * server saw. They count as fetched now, so they are refreshed on the usual schedule.
 */
export function applySsrState(queryClient: QueryClient, queries: SsrState['queries']): void {
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
}
