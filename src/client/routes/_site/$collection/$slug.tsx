import { createFileRoute, notFound } from '@tanstack/react-router';
import { ensureOrNotFound, recordQuery } from '../../../site/api/queries';
import { alongside } from '../../../site/alongside';
import type { Localized } from '../../../site/api/types';
import { notFoundHead, pathsOf, screenHead } from '../../../site/head';
import { SiteError, SiteNotFound } from '../../../site/layout/SiteFallbacks';
import { prepareSanitizer } from '../../../ui/SafeHtml';
import { preloadable } from '../../../ui/preloadable';

const DetailPage = preloadable(() => import('../../../site/detail/details').then((m) => m.DetailPage));

/**
 * One record of any public entity whose definition gives it an address below a first segment
 * (`/news/{slug}`: a post; site/detail/details.tsx). A segment no entity lives at is a 404.
 */
export const Route = createFileRoute('/_site/$collection/$slug')({
  loaderDeps: ({ search: { preview } }) => ({ preview }),
  // The record is in the query cache, where the screen reads it; the loader gives head() only its description.
  loader: async ({ context, params, deps }) => {
    const sanitizer = prepareSanitizer();
    const { detailAt } = await import('../../../site/detail/details');
    const detail = await detailAt(params.collection);
    if (!detail) throw notFound();
    const record = await ensureOrNotFound(context.queryClient, recordQuery(detail.resource, params.slug, deps.preview));
    await alongside(context, [sanitizer, DetailPage.preload()]);
    const described = detail.describe(record as Parameters<typeof detail.describe>[0]);
    const { slugs } = record as Localized;
    return { description: { ...described, paths: pathsOf(slugs, `/${params.collection}`) } };
  },
  head: ({ match, matches, loaderData }) =>
    loaderData ? screenHead({ match, matches }, loaderData.description) : notFoundHead(match),
  component: DetailRoute,
  errorComponent: SiteError,
  notFoundComponent: SiteNotFound,
});

function DetailRoute() {
  const { collection, slug } = Route.useParams();
  const { preview } = Route.useSearch();
  return <DetailPage collection={collection} slug={slug} preview={preview} />;
}
