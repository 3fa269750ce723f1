import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
}

/** `history` is given on the server, which renders one URL from memory. */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context: { queryClient },
    ...(history ? { history, isServer: true } : {}),
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns freshness; the router must not cache on its own.
    defaultPreloadStaleTime: 0,
    // In the browser only: on the server it would add an inline script (refused by the CSP),
    // which the browser's first render would not have.
    scrollRestoration: !history,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
