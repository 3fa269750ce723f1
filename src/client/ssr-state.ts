/**
 * The answers a server-rendered page was drawn with. The router carries them to the browser with
 * its own dehydrated state (router.tsx), which puts them in its query cache before hydrating, so
 * its first render matches the HTML exactly.
 */
import { dehydrate, type QueryClient } from '@tanstack/react-query';

/** What API answers are made of; the router serialises the state for the browser. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface SsrState {
  queries: { key: Json[]; data: Json }[];
}

/** What the server's reads returned (query keys and API answers: JSON); a failed read is left for the browser to start again. */
export function successfulQueries(queryClient: QueryClient): SsrState['queries'] {
  return dehydrate(queryClient).queries.flatMap((query) =>
    query.state.status === 'success' ? [{ key: query.queryKey as Json[], data: query.state.data as Json }] : [],
  );
}

/**
 * Sets the server's answers, over anything restored from storage: hydration must see what the
 * server saw. They count as fetched now, so they are refreshed on the usual schedule.
 */
export function applySsrState(queryClient: QueryClient, queries: SsrState['queries']): void {
  for (const { key, data } of queries) queryClient.setQueryData(key, data);
}
