import { createFileRoute } from '@tanstack/react-router';
import { previewSearch } from '../../shared/preview-search';
import { menusQuery, siteInfoQuery } from '../site/api/queries';
import { SiteNotFound, SiteShellError } from '../site/layout/SiteFallbacks';
import { SiteLayout } from '../site/layout/SiteLayout';
import { alongside } from '../site/alongside';

/** Pathless layout of every public screen: header, mega-menu and footer around the route. */
export const Route = createFileRoute('/_site')({
  // Every public screen may be opened by a preview link (?preview=).
  validateSearch: previewSearch,
  loader: async ({ context }) => {
    // The menu is not waited for in the browser: the layout renders its fixed entries without it.
    await Promise.all([
      context.queryClient.ensureQueryData(siteInfoQuery()),
      alongside(context, [context.queryClient.prefetchQuery(menusQuery())]),
    ]);
  },
  component: SiteLayout,
  errorComponent: SiteShellError,
  notFoundComponent: SiteNotFound,
});
