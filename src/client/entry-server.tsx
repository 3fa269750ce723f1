/**
 * Server rendering of public pages (built by `vite build --ssr`, loaded by src/server/seo/ssr.ts).
 * The same App, router and queries as the browser: the router's loaders run against the server's
 * own API (through `transport`, no network), whatever the components then ask for is fetched too,
 * and the page is rendered to HTML with the answers it used. The browser receives those answers
 * with the HTML (SsrState) and hydrates the markup instead of drawing the page again.
 */
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { App } from './App';
import type { RenderPage } from '../shared/ssr';
import { setTransport } from './api/http';
import { setConfig } from './config';
import { createAppRouter } from './router';
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
  try {
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [options.url] }));
    await router.load();
    const outcome = router._serverResult;
    if (outcome?.type === 'redirect') {
      const { redirect } = outcome;
      return { redirect: redirect.options.href ?? redirect.headers.get('Location') ?? '/', status: redirect.status };
    }
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
    return { html, state: { url: options.url, queries } };
  } finally {
    queryClient.clear();
  }
};
