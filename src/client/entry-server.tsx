/**
 * Server rendering (built by `vite build --ssr`, loaded by src/server/seo/ssr.ts) through TanStack
 * Router's own server entry: its request handler loads the URL's matches (answering a redirecting
 * route with its redirect and what is not there with 404), and the routes' head() and the build's
 * asset manifest fill <head>. The loaders read everything the page shows (site/alongside.ts),
 * through this render's query client and its connection, which the server answers in-process
 * from its services (`transport`, no HTTP): then the page is rendered once.
 *
 * A public page whose reads all succeeded is sent as an islands document (App.tsx): finished, with
 * only its islands for the browser to wake (islands/main.ts); so is the back-office's sign-in screen
 * for a browser without a staff session (its one island, admin/login/SignInIsland.tsx). Anything
 * else (the back-office, the offline shell, a page with a failed read) is the app: the router dehydrates its state and the
 * page's query answers into the document, and the browser hydrates it all (main.tsx) and makes the
 * failed reads again.
 */
// Every language's site words, known before any page is drawn (the browser fetches its one).
import '../shared/messages/site-catalogues';
import { QueryClient } from '@tanstack/react-query';
import type { Manifest } from '@tanstack/react-router';
import { createRequestHandler, getSsrStatus, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server';
import { renderToString } from 'react-dom/server';
import type { RenderPage, ViteManifest } from '../shared/ssr';
import { ApiError, connect } from './api/http';
import { type AppRouter, createAppRouter, type IslandsDocument } from './router';
import { islandFiles, islandsEntry, publicRouterManifest, routerManifest } from './router-manifest';
import { islandModule, REACT_ISLAND_SOURCE } from './islands/registry';
import { KeptParts, type RenderParts } from './islands/kept-parts';
import { installSanitizerEngine } from './ui/sanitize';
import { sanitizeMarkup } from '../shared/sanitize-markup';
import { isBackOfficeAddress } from '../shared/address-space';
import { decodeHTMLStrict } from 'entities';
import { LRUCache } from 'lru-cache';
import { decodeNamedEntitiesWith } from '../shared/html-text';

// Every named entity, from the `entities` package: the browser decodes with its own table (ui/entity-decoding.ts).
decodeNamedEntitiesWith((entity) => {
  const text = decodeHTMLStrict(entity);
  return text === entity ? undefined : text;
});

/**
 * Cleaned HTML by the stored HTML it came from. Cleaning is a pure function of its input, and a
 * page's content is the same from one render to the next (a write to the slides renders the home
 * page again, not its text): parsing and walking it again was a good part of a fresh page's render.
 * Bounded by characters, input and output counted.
 */
const cleaned = new LRUCache<string, string>({
  maxSize: 4_000_000,
  sizeCalculation: (clean, html) => clean.length + html.length || 1,
});

// The server has no DOM for DOMPurify: the same policy, applied to parse5's tree.
installSanitizerEngine((html) => {
  let clean = cleaned.get(html);
  if (clean === undefined) {
    clean = sanitizeMarkup(html);
    cleaned.set(html, clean);
  }
  return clean;
});

/** Per build manifest: the router's manifest for back-office addresses, and for public ones. */
const manifests = new WeakMap<ViteManifest, { backOffice: Manifest; site: Manifest }>();
/** A name for each build manifest this process has rendered with (kept parts name its files). */
const builds = new WeakMap<ViteManifest, string>();
let buildsSeen = 0;
const buildOf = (manifest: ViteManifest) => {
  let build = builds.get(manifest);
  if (!build) builds.set(manifest, (build = `build ${++buildsSeen}`));
  return build;
};
/** The header and the footer as earlier renders drew them (islands/kept-parts.ts). */
const keptParts = new KeptParts();

function createServerQueryClient(): QueryClient {
  // One answer or none: a failed read makes the browser render the page (and show its error) itself.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

/**
 * The router's manifest for this build, made once per build manifest. A public address links the
 * public site's one stylesheet (so does the offline shell, which a visitor may be shown too); the
 * back-office links each route's own.
 */
function manifestOf(vite: ViteManifest, router: AppRouter, publicPage: boolean): Manifest {
  let made = manifests.get(vite);
  if (!made) {
    const backOffice = routerManifest(vite, Object.keys(router.routesById));
    made = { backOffice, site: publicRouterManifest(vite, backOffice) };
    manifests.set(vite, made);
  }
  return publicPage ? made.site : made.backOffice;
}

export const render: RenderPage = async (options) => {
  const queryClient = connect(createServerQueryClient(), { ...options.config, transport: options.transport });
  const router = createAppRouter(queryClient, { origin: options.origin, shell: options.shell, formOutcome: options.form });
  try {
    const handle = createRequestHandler({
      request: new Request(new URL(options.url, options.origin)),
      createRouter: () => router,
      getRouterManifest: () => manifestOf(options.manifest, router, !isBackOfficeAddress(options.url)),
    });
    let islands: IslandsDocument | undefined;
    let parts: RenderParts | undefined;
    /** An islands document's markup. */
    let rendered = '';
    // The router dehydrates its state once the routes' loaders have read everything the page shows
    // (site/alongside.ts), before the render: that is where the document's kind is chosen. An
    // islands document carries no router state (the browser does not run the router on it): the
    // router is told to make none (disableHydration, its way for a page not hydrated) rather than
    // serialise its matches and manifest for nobody, and it is rendered without the router's
    // script injection.
    router.serverSsrLifecycle = {
      onServerSsrAttach: [
        (serverSsr) => {
          const dehydrate = serverSsr.dehydrate;
          serverSsr.dehydrate = async (dehydrateOptions) => {
            const drawnWhole = !isBackOfficeAddress(options.url) || options.signedOut === true;
            const finished = !options.shell && drawnWhole && everyReadSucceeded(router, queryClient);
            islands = finished ? islandsDocument(options.manifest) : undefined;
            if (!islands) return dehydrate(dehydrateOptions);
            // A page drawn for one visitor's form post holds their words: none of it is kept.
            parts = keptParts.forRender(islands, buildOf(options.manifest), options.keepParts !== false && !options.form);
            islands.part = (name, inputs) => parts!.open(name, inputs);
            router.update({ context: { ...router.options.context, islands } });
            serverSsr.disableHydration();
          };
        },
      ],
    };
    let notFound: string | undefined;
    const response = await handle(({ router, responseHeaders }) => {
      // An unknown address's page does not depend on the address: one drawn before is sent again.
      if (options.notFound !== undefined && getSsrStatus(router) === 404) {
        notFound = options.notFound;
        return new Response(null, { status: 404, headers: responseHeaders });
      }
      if (!islands) return renderRouterToString({ router, responseHeaders, children: <RouterServer router={router} /> });
      // The document as React renders it: the router has nothing to add to it.
      rendered = `<!DOCTYPE html>${parts!.finish(renderToString(<RouterServer router={router} />))}`;
      return new Response(null, { status: getSsrStatus(router), headers: responseHeaders });
    });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('Location') ?? '/';
      return {
        redirect: location.startsWith(options.origin) ? location.slice(options.origin.length) || '/' : location,
        status: response.status,
      };
    }
    // renderRouterToString answers a render that threw with a bare 500: the server sends the shell instead.
    if (response.status >= 500) throw new Error(`the page could not be rendered (${response.status})`);
    const html = notFound ?? (islands ? rendered : await response.text());
    reportReadsNoLoaderMade(queryClient);
    return { html, status: response.status };
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
    filesOf: (name) => {
      const island = islandModule(name);
      if (!island?.source) return [];
      const sources = island.kind === 'react' ? [island.source, REACT_ISLAND_SOURCE] : [island.source];
      return [...new Set(sources.flatMap((source) => islandFiles(manifest, source)))];
    },
  };
}

/**
 * Whether the page can be sent finished: every route loaded (or is not there: a 404 is an answer)
 * and every read its loaders made succeeded. A read that failed is left to the browser, which
 * starts it again, so it is taken out of the cache: both sides draw it loading.
 */
function everyReadSucceeded(router: AppRouter, queryClient: QueryClient): boolean {
  const loaded = router.state.matches.every((match) => match.status === 'success' || match.status === 'notFound');
  const failed = queryClient
    .getQueryCache()
    .findAll({ predicate: (query) => query.state.status === 'error' })
    .filter((query) => !(query.state.error instanceof ApiError && query.state.error.status === 404));
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  return loaded && failed.length === 0;
}

/**
 * A component that asks for a read no loader made renders it loading on the server, and the
 * browser fetches it after the page arrives: the page is not finished. Said in the log, so the
 * loader that should read it is found (the server's tests fail on it).
 */
function reportReadsNoLoaderMade(queryClient: QueryClient): void {
  // A query switched off (`enabled: false`, the signed-in user's profile on the sign-in screen) is no read.
  const asked = queryClient.getQueryCache().findAll({
    predicate: (query) => query.state.status === 'pending' && (query.options as { enabled?: unknown }).enabled !== false,
  });
  if (asked.length > 0) {
    console.error(`A page read no loader made: ${asked.map((query) => JSON.stringify(query.queryKey)).join(', ')}`);
  }
}
