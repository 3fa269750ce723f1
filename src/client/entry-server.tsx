/**
 * Server rendering (built by `vite build --ssr`, loaded by src/server/seo/ssr.ts) through TanStack
 * Router's own server entry: its request handler loads the URL's matches (answering a redirecting
 * route with its redirect and what is not there with 404), and the routes' head() and the build's
 * asset manifest fill <head>. The API reads run against the server's own API in-process
 * (`transport`, no network).
 *
 * A public page whose reads all succeeded is sent as an islands document (App.tsx): finished, with
 * only its islands for the browser to wake (islands/main.ts). Anything else (the back-office, the
 * offline shell, a page with a failed read) is the app: the router dehydrates its state and the
 * page's query answers into the document, and the browser hydrates it all (main.tsx) and makes the
 * failed reads again.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, type Manifest } from '@tanstack/react-router';
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { RenderOptions, RenderPage, ViteManifest } from '../shared/ssr';
import { ApiError, setTransport } from './api/http';
import { setConfig } from './config';
import { type AppRouter, createAppRouter, type IslandsDocument, type ServerRendering } from './router';
import { islandsEntry, routerManifest } from './router-manifest';
import { setSanitizerWindow } from './ui/sanitize';
import { isBackOfficeAddress } from '../shared/address-space';
import { decodeHTMLStrict } from 'entities';
import { decodeNamedEntitiesWith } from '../shared/html-text';

// Every named entity, from the `entities` package: the browser decodes with its own table (ui/entity-decoding.ts).
decodeNamedEntitiesWith((entity) => {
  const text = decodeHTMLStrict(entity);
  return text === entity ? undefined : text;
});

const manifests = new WeakMap<ViteManifest, Manifest>();

function createServerQueryClient(): QueryClient {
  // One answer or none: a failed read makes the browser render the page (and show its error) itself.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/** The router's manifest for this build, made once per build manifest. */
function manifestOf(vite: ViteManifest, router: AppRouter): Manifest {
  let manifest = manifests.get(vite);
  if (!manifest) {
    manifest = routerManifest(vite, Object.keys(router.routesById));
    manifests.set(vite, manifest);
  }
  return manifest;
}

export const render: RenderPage = async (options) => {
  // The same for every request of a server (one server shows one site); set each time, so a
  // process that runs several servers (the tests) renders each with its own.
  setConfig(options.config);
  setTransport(options.transport);
  setSanitizerWindow(options.sanitizerWindow as Parameters<typeof setSanitizerWindow>[0]);
  const queryClient = createServerQueryClient();
  const server: ServerRendering = { origin: options.origin, shell: options.shell, formOutcome: options.form };
  try {
    const finished = !options.shell && (await readWhatThePageReads(options, queryClient, server));
    const islands = finished && !isBackOfficeAddress(options.url) ? islandsDocument(options.manifest) : undefined;
    const router = createAppRouter(queryClient, { ...server, islands });
    const handle = createRequestHandler({
      request: new Request(new URL(options.url, options.origin)),
      createRouter: () => router,
      getRouterManifest: () => manifestOf(options.manifest, router),
    });
    const response = await handle(({ router, responseHeaders }) =>
      renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> }),
    );
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('Location') ?? '/';
      return {
        redirect: location.startsWith(options.origin) ? location.slice(options.origin.length) || '/' : location,
        status: response.status,
      };
    }
    // renderRouterToString answers a render that threw with a bare 500: the server sends the shell instead.
    if (response.status >= 500) throw new Error(`the page could not be rendered (${response.status})`);
    const html = await response.text();
    // An islands document carries no router state: the browser does not run the router on it. The
    // request handler serializes it regardless and, with no <Scripts> to place it, adds it after
    // the document's end, where it is dropped.
    return { html: islands ? html.slice(0, html.lastIndexOf('</html>') + '</html>'.length) : html, status: response.status };
  } finally {
    queryClient.clear();
  }
};

/** How this render draws islands: each in a root of its own, numbered in document order. */
function islandsDocument(manifest: ViteManifest): IslandsDocument | undefined {
  const entry = islandsEntry(manifest);
  if (!entry) return undefined;
  let count = 0;
  return {
    ...entry,
    nextId: () => `i${(count++).toString(36)}-`,
    renderRoot: (node, id) => renderToString(node, { identifierPrefix: id }),
  };
}

/**
 * Loaders prefetch some reads without waiting (the menu, the slides), components ask for others
 * (latest posts, socials, a section's items) and some code is loaded on demand (React.lazy). A
 * first render of the page that waits for the code and reports failures (prerender) finds them;
 * their answers are fetched, so the render that is sent, and the state dehydrated with it, has
 * everything: the HTML is the finished page. True when it is: every read of the page succeeded.
 */
async function readWhatThePageReads(options: RenderOptions, queryClient: QueryClient, server: ServerRendering): Promise<boolean> {
  const router: AppRouter = createAppRouter(queryClient, {
    ...server,
    history: createMemoryHistory({ initialEntries: [options.url] }),
  });
  await router.load();
  // A route that failed to load is left to the browser, which starts the failed read again; a
  // redirect is answered by the request handler.
  const statuses = router.state.matches.map((match) => match.status);
  if (statuses.includes('error')) throw new Error('a route failed to load');
  if (statuses.some((status) => status !== 'success' && status !== 'notFound')) return false;
  let failure: unknown;
  await new Response(
    (await prerender(<RouterServer router={router} />, { onError: (error) => void (failure ??= error) })).prelude,
  ).text();
  if (failure) throw failure;
  const asked = queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'pending' });
  await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  // A read that failed is left to the browser, which starts it again: both sides show it loading.
  // What is not there (404) is an answer: the page says so, finished.
  const failed = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'error' })
    .filter((query) => !(query.state.error instanceof ApiError && query.state.error.status === 404));
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  return failed.length === 0;
}
