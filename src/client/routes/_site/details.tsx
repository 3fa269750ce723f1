import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { postsPageQuery } from '../../site/api/queries';
import { NewsListScreen } from '../../site/news/NewsListScreen';

const search = z.object({ page: z.coerce.number().int().min(1).catch(1).default(1) });

/** /details: the news listing (spec §2.1 says only that the route exists). */
export const Route = createFileRoute('/_site/details')({
  validateSearch: search,
  loaderDeps: ({ search: { page } }) => ({ page }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(postsPageQuery(deps.page)),
  component: DetailsRoute,
});

function DetailsRoute() {
  const { page } = Route.useSearch();
  return <NewsListScreen page={page} />;
}
