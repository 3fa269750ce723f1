import { createFileRoute } from '@tanstack/react-router';
import { searchResultsQuery } from '../../site/api/queries';
import { siteSearch } from '../../../shared/site-search';
import { headText, screenHead } from '../../site/head';
import { SearchScreen } from '../../site/search/SearchScreen';
import { SiteError } from '../../site/layout/SiteFallbacks';

/** /search?q=: what the site's search finds, a page at a time (?page=); the form alone without words. */
export const Route = createFileRoute('/_site/search')({
  validateSearch: siteSearch,
  loaderDeps: ({ search: { q, page = 1 } }) => ({ q, page }),
  loader: async ({ context, deps }) => {
    if (deps.q) await context.queryClient.ensureQueryData(searchResultsQuery(deps.q, deps.page));
  },
  // Results pages are anyone's words: followed, never indexed (as search engines ask of a site's own search).
  head: (context) => {
    const head = screenHead(context, { title: headText(context.match.context)('search.title') });
    return { ...head, meta: [...(head.meta ?? []), { name: 'robots', content: 'noindex, follow' }] };
  },
  component: SearchRoute,
  errorComponent: SiteError,
});

function SearchRoute() {
  const { q, page = 1 } = Route.useSearch();
  return <SearchScreen q={q} page={page} />;
}
