import { createFileRoute } from '@tanstack/react-router';
import { postsPageQuery } from '../../../site/api/queries';
import { newsListSearch } from '../../../../shared/news-search';
import { headText, screenHead } from '../../../site/head';
import { NewsListScreen } from '../../../site/news/NewsListScreen';
import { SiteError } from '../../../site/layout/SiteFallbacks';

/** /news: every post, newest first, a page at a time (?page=). */
export const Route = createFileRoute('/_site/news/')({
  validateSearch: newsListSearch,
  loaderDeps: ({ search: { page = 1 } }) => ({ page }),
  loader: async ({ context, deps }) => {
    await context.queryClient.ensureQueryData(postsPageQuery(deps.page));
  },
  head: (context) => screenHead(context, { title: headText(context.match.context)('news.title') }),
  component: NewsListRoute,
  errorComponent: SiteError,
});

function NewsListRoute() {
  const { page = 1 } = Route.useSearch();
  return <NewsListScreen page={page} />;
}
