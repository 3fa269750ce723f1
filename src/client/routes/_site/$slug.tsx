import { createFileRoute } from '@tanstack/react-router';
import { ensureOrNotFound, pageQuery } from '../../site/api/queries';
import { SiteError, SiteNotFound } from '../../site/layout/SiteFallbacks';
import { PageScreen } from '../../site/page/PageScreen';

export const Route = createFileRoute('/_site/$slug')({
  loader: ({ context, params }) => ensureOrNotFound(context.queryClient, pageQuery(params.slug)),
  component: PageRoute,
  errorComponent: SiteError,
  notFoundComponent: SiteNotFound,
});

function PageRoute() {
  const { slug } = Route.useParams();
  return <PageScreen slug={slug} />;
}
