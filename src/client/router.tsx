import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { FormOutcome } from '../shared/public-forms';
import type { IslandServer } from './islands/Island';
import { connectionOf } from './api/http';
import { routeTree } from './routeTree.gen';
import { applySsrState, type SsrState, successfulQueries } from './ssr-state';

export interface RouterContext {
  /** The request's reads: on the server, one client per render, reading through its connection (api/http.ts). */
  queryClient: QueryClient;
  /** The server is rendering the page: loaders wait for every read (site/alongside.ts), so it renders once. */
  server: boolean;
  /** Scheme and host the page is served from: canonical and Open Graph addresses are absolute. */
  origin: string;
  /** The server renders an islands document (App.tsx): how, and the browser entry that wakes it. */
  islands?: IslandsDocument;
  /** A visitor's refused form post the server draws the page with (their words, the refusals). */
  formOutcome?: FormOutcome;
  /** The server renders the offline app shell (any URL, the root route only). */
  shell?: boolean;
}

export interface IslandsDocument extends IslandServer {
  /** The islands entry's file, and the modules it imports at once (preloaded). */
  entry: string;
  preload: string[];
}

/** How the server renders one request (entry-server.tsx); the browser passes none. */
export interface ServerRendering {
  origin: string;
  /** The offline app shell: the document with only the root route, for any URL (isShell). */
  shell?: boolean;
  /** Render an islands document (App.tsx) rather than the app. */
  islands?: IslandsDocument;
  formOutcome?: FormOutcome;
}

export function createAppRouter(queryClient: QueryClient, server?: ServerRendering) {
  return createRouter({
    routeTree,
    context: {
      queryClient,
      server: Boolean(server),
      origin: server?.origin ?? window.location.origin,
      islands: server?.islands,
      formOutcome: server?.formOutcome,
      shell: server?.shell,
    },
    ...(server ? { isServer: true, isShell: server.shell ?? false } : {}),
    // A document in another locale than the site's default lives under its prefix (/bn/about):
    // the routes see today's addresses, and the links they make get the prefix back.
    basepath: connectionOf(queryClient).locale?.path || '/',
    defaultPreload: 'intent',
    // Loaders read through TanStack Query, which owns freshness; the router must not cache on its own.
    defaultPreloadStaleTime: 0,
    // In the browser only: on the server it would add an inline script the browser's first render
    // would not have.
    scrollRestoration: !server,
    // The answers the server drew the page with travel with the router's own state, and are in
    // the browser's query cache before it renders: hydration sees what the server saw. As one
    // JSON string: the page's inline script only scans a string while the page loads, and the
    // answers are parsed (JSON.parse, the fastest way in) when the app starts, after paint.
    dehydrate: () => ({ queries: JSON.stringify(successfulQueries(queryClient)) }),
    hydrate: (state: { queries: string }) => applySsrState(queryClient, JSON.parse(state.queries) as SsrState['queries']),
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
