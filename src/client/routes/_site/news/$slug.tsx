import { createFileRoute } from '@tanstack/react-router';
import { ensureOrNotFound, postQuery } from '../../../site/api/queries';
import { SiteError, SiteNotFound } from '../../../site/layout/SiteFallbacks';
import { NewsScreen } from '../../../site/news/NewsScreen';
import { prepareSanitizer } from '../../../ui/SafeHtml';

export const Route = createFileRoute('/_site/news/$slug')({
  loaderDeps: ({ search: { preview } }) => ({ preview }),
  loader: ({ context, params, deps }) => {
    prepareSanitizer();
    return ensureOrNotFound(context.queryClient, postQuery(params.slug, deps.preview));
  },
  component: NewsRoute,
  errorComponent: SiteError,
  notFoundComponent: SiteNotFound,
});

function NewsRoute() {
  const { slug } = Route.useParams();
  const { preview } = Route.useSearch();
  return <NewsScreen slug={slug} preview={preview} />;
}
