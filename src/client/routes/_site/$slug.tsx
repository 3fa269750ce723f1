import { shareImageUrl } from '../../../shared/renditions';
import { createFileRoute } from '@tanstack/react-router';
import { ensureOrNotFound, formsQuery, pageQuery } from '../../site/api/queries';
import { notFoundHead, pageDescription, pathsOf, screenHead } from '../../site/head';
import { SiteError, SiteNotFound } from '../../site/layout/SiteFallbacks';
import { PageScreen } from '../../site/page/PageScreen';
import { isFormSection } from '../../site/page/form-section';
import { prepareSanitizer } from '../../ui/SafeHtml';
import { alongside } from '../../site/alongside';
import { extraBlockNeeds } from '../../site/page/extra-blocks';

export const Route = createFileRoute('/_site/$slug')({
  loaderDeps: ({ search: { preview } }) => ({ preview }),
  // The page is in the query cache, where the screen and head() read it; the router keeps no copy.
  loader: async ({ context, params, deps }) => {
    const sanitizer = prepareSanitizer();
    const page = await ensureOrNotFound(context.queryClient, pageQuery(params.slug, deps.preview));
    // A `form` section reads the site's forms, with the page (FormSection).
    const forms = page.sections.some(isFormSection) ? [context.queryClient.prefetchQuery(formsQuery())] : [];
    await alongside(context, [sanitizer, ...extraBlockNeeds(page.slug, context.queryClient), ...forms]);
  },
  head: ({ match, matches, params }) => {
    const page = match.context.queryClient.getQueryData(pageQuery(params.slug, match.search.preview).queryKey);
    return page
      ? screenHead(
          { match, matches },
          {
            title: page.title,
            description: pageDescription(page),
            image: page.banner_img || page.thumb ? shareImageUrl(page.banner_img || page.thumb!) : undefined,
            paths: pathsOf(page.slugs),
          },
        )
      : notFoundHead(match);
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
