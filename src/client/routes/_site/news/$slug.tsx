import { createFileRoute } from '@tanstack/react-router';
import { ensureOrNotFound, postQuery } from '../../../site/api/queries';
import { notFoundHead, screenHead } from '../../../site/head';
import { htmlToText } from '../../../../shared/html-text';
import { SiteError, SiteNotFound } from '../../../site/layout/SiteFallbacks';
import { NewsScreen } from '../../../site/news/NewsScreen';
import { prepareSanitizer } from '../../../ui/SafeHtml';

export const Route = createFileRoute('/_site/news/$slug')({
  loaderDeps: ({ search: { preview } }) => ({ preview }),
  // The post is in the query cache, where the screen and head() read it; the router keeps no copy.
  loader: async ({ context, params, deps }) => {
    prepareSanitizer();
    await ensureOrNotFound(context.queryClient, postQuery(params.slug, deps.preview));
  },
  head: ({ match, matches, params }) => {
    const post = match.context.queryClient.getQueryData(postQuery(params.slug, match.search.preview).queryKey);
    return post
      ? screenHead(
          { match, matches },
          {
            title: post.meta_title || post.title,
            description: post.meta_description || post.sub_title || htmlToText(post.content ?? ''),
            image: post.thumb || undefined,
            type: 'article',
          },
        )
      : notFoundHead(match);
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
