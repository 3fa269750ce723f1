import { createFileRoute } from '@tanstack/react-router';
import { ensureOrNotFound, pageQuery } from '../../site/api/queries';
import { SiteError, SiteNotFound } from '../../site/layout/SiteFallbacks';
import { PageScreen } from '../../site/page/PageScreen';
import { prepareSanitizer } from '../../ui/SafeHtml';

export const Route = createFileRoute('/_site/$slug')({
  loaderDeps: ({ search: { preview } }) => ({ preview }),
  loader: ({ context, params, deps }) => {
    prepareSanitizer();
    return ensureOrNotFound(context.queryClient, pageQuery(params.slug, deps.preview));
  },
  component: PageRoute,
  errorComponent: SiteError,
  notFoundComponent: SiteNotFound,
});

function PageRoute() {
  const { slug } = Route.useParams();
  const { preview } = Route.useSearch();
  return <PageScreen slug={slug} preview={preview} />;
}
