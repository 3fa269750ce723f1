/**
 * Server rendering of public pages (built by `vite build --ssr`, loaded by src/server/seo/ssr.ts).
 * The same App, router and queries as the browser: the router's loaders run against the server's
 * own API (through `transport`, no network), whatever the components then ask for is fetched too,
 * and the page is rendered to HTML with the answers it used. The browser receives those answers
 * with the HTML (SsrState) and hydrates the markup instead of drawing the page again.
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { createRequestHandler } from '@tanstack/react-router/ssr/server';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { App } from './App';
import type { RenderPage, RenderResult } from '../shared/ssr';
import { setTransport } from './api/http';
import { setConfig } from './config';
import { type AppRouter, createAppRouter } from './router';
import { setSanitizerWindow } from './ui/sanitize';

let configured = false;

function createServerQueryClient(): QueryClient {
  // One answer or none: a failed read makes the browser render the page (and show its error) itself.
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
}

const pendingQueries = (queryClient: QueryClient) =>
  queryClient.getQueryCache().findAll({ predicate: (query) => query.state.status === 'pending' });

export const render: RenderPage = async (options) => {
  if (!configured) {
    // One server shows one site, so these are set once, not per request.
    setConfig(options.config);
    setTransport(options.transport);
    setSanitizerWindow(options.sanitizerWindow as Parameters<typeof setSanitizerWindow>[0]);
    configured = true;
  }
  const queryClient = createServerQueryClient();
  let result: RenderResult = { skipped: 'not rendered' };
  try {
    // TanStack Router's own server entry: it loads the URL's matches and answers a redirecting
    // route with its redirect; the page itself is rendered by the callback below.
    const handle = createRequestHandler({
      createRouter: () => createAppRouter(queryClient, createMemoryHistory({ initialEntries: [options.url] })),
      request: new Request(new URL(options.url, 'http://localhost')),
    });
    const response = await handle(async ({ router }) => {
      result = await renderPage(router as AppRouter, queryClient, options.url);
      return new Response(null, { status: 200 });
    });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('Location') ?? '/';
      return { redirect: location.replace(/^https?:\/\/localhost/, ''), status: response.status };
    }
    return result;
  } finally {
    queryClient.clear();
  }
};

async function renderPage(router: AppRouter, queryClient: QueryClient, url: string): Promise<RenderResult> {
  if (router.state.matches.some((match) => match.status === 'error')) return { skipped: 'a route failed to load' };

  // Loaders prefetch some reads without waiting (the menu, the slides), components ask for others
  // (latest posts, socials) and some code is loaded on demand (React.lazy). A first render that
  // waits for the code and reports failures (prerender), then the reads it asked for, then a
  // plain synchronous render: everything is there, so the HTML is the finished page, with none
  // of the inline scripts streaming rendering would add (the CSP refuses them).
  const app = <App queryClient={queryClient} router={router} />;
  let failure: unknown;
  await new Response((await prerender(app, { onError: (error) => void (failure ??= error) })).prelude).text();
  if (failure) throw failure;
  const asked = pendingQueries(queryClient);
  await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
  // A read that failed is left to the browser, which starts it again: both sides show it loading.
  queryClient.removeQueries({ predicate: (query) => query.state.status === 'error' });
  const html = renderToString(app);
  // A part that still suspended was left for the browser to render: leave it the whole page.
  if (html.includes('<!--$!-->')) return { skipped: 'a part of the page did not finish on the server' };
  const queries = dehydrate(queryClient).queries.flatMap((query) =>
    query.state.status === 'success' ? [{ key: query.queryKey, data: query.state.data }] : [],
  );
  return { html, state: { url, queries } };
}
