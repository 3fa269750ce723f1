import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Document } from '../App';
import { connectionOf } from '../api/http';
import type { RouterContext } from '../router';
import { siteInfoQuery } from '../site/api/queries';
import { documentHead, isNotFound, notFoundHead } from '../site/head';
import { AppError } from '../ui/AppError';
import { NotFound } from '../ui/NotFound';

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every document needs the site's settings (its name, icon and analytics), the back-office and
  // the offline shell too; read if not at hand, never failing the page (offline, it has none).
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(siteInfoQuery()).catch(() => undefined);
  },
  head: ({ match, matches }) => {
    // Analytics belong to the public site: never beside the back-office's token or a reset link.
    const analytics = !match.context.shell && matches.some((m) => m.routeId.startsWith('/_site'));
    // The site this document shows: the server render's, or the one the browser's page names.
    const { apiBase, appKey, locale } = connectionOf(match.context.queryClient);
    // An address no route knows is no page read: its views are not counted.
    const notFound = isNotFound(matches);
    const head = documentHead(match, { apiBase, appKey, locale }, { analytics, countViews: analytics && !notFound });
    // An address no route knows: the root's not-found screen, answered with 404.
    if (!notFound) return head;
    return { ...head, meta: [...(head.meta ?? []), ...(notFoundHead(match).meta ?? [])] };
  },
  shellComponent: Document,
  component: Outlet,
  notFoundComponent: NotFound,
  errorComponent: AppError,
});
