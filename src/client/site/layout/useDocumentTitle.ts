import { useSuspenseQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { siteInfoQuery } from '../api/queries';

/**
 * Keeps the tab's title right as the visitor moves around inside the app, in the same form the
 * server writes for a page loaded directly (src/server/seo/head.ts): "Title · Site", or the site's
 * own title on the home page.
 */
export function useDocumentTitle(title?: string | null) {
  const { data: site } = useSuspenseQuery(siteInfoQuery());
  useEffect(() => {
    document.title = title ? `${title} · ${site.name}` : site.meta_title || site.title || site.name;
  }, [title, site]);
}
