import { createFileRoute } from '@tanstack/react-router';
import { previewSearch } from '../../shared/preview-search';
import { menusQuery, siteInfoQuery } from '../site/api/queries';
import { SiteNotFound, SiteShellError } from '../site/layout/SiteFallbacks';
import { SiteLayout } from '../site/layout/SiteLayout';
import { alongside } from '../site/alongside';
import { documentLanguage } from '../site/locale';
import { loadSiteCatalogue } from '../../shared/messages/site-loading';

/** Pathless layout of every public screen: header, mega-menu and footer around the route. */
export const Route = createFileRoute('/_site')({
  // Every public screen may be opened by a preview link (?preview=).
  validateSearch: previewSearch,
  loader: async ({ context }) => {
    // The menu is not waited for in the browser: the layout renders its fixed entries without it.
    await Promise.all([
      // Then the site's words in the page's language (a screen opened from the back-office, in
      // another language than the document started in).
      context.queryClient.ensureQueryData(siteInfoQuery()).then(() => loadSiteCatalogue(documentLanguage(context.queryClient))),
      alongside(context, [context.queryClient.prefetchQuery(menusQuery())]),
    ]);
  },
  component: SiteLayout,
  errorComponent: SiteShellError,
  notFoundComponent: SiteNotFound,
});
