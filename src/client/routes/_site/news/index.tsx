import { createFileRoute } from '@tanstack/react-router';
import { postCategoriesQuery, postsPageQuery } from '../../../site/api/queries';
import { newsListSearch } from '../../../../shared/news-search';
import { headText, screenHead } from '../../../site/head';
import { NewsListScreen } from '../../../site/news/NewsListScreen';
import { SiteError } from '../../../site/layout/SiteFallbacks';

/** /news: every post, newest first, a page at a time (?page=), of every category or one (?category=). */
export const Route = createFileRoute('/_site/news/')({
  validateSearch: newsListSearch,
  loaderDeps: ({ search: { page = 1, category } }) => ({ page, category }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(postsPageQuery(deps.page, deps.category)),
      context.queryClient.ensureQueryData(postCategoriesQuery()),
    ]);
  },
  head: (context) => screenHead(context, { title: headText(context.match.context)('news.title') }),
  component: NewsListRoute,
  errorComponent: SiteError,
});

function NewsListRoute() {
  const { page = 1, category } = Route.useSearch();
  return <NewsListScreen page={page} category={category} />;
}
