import { createFileRoute, redirect } from '@tanstack/react-router';
import { newsListSearch } from '../../../shared/news-search';

/**
 * The spec keeps a /details route beside /news/{slug} without saying what it shows; it leads to
 * the news listing, so old links land somewhere useful.
 */
export const Route = createFileRoute('/_site/details')({
  validateSearch: newsListSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/news', search, replace: true });
  },
});
