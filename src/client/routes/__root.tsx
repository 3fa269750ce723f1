import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { Document } from '../App';
import { config } from '../config';
import type { RouterContext } from '../router';
import { documentHead, notFoundHead } from '../site/head';
import { NotFound } from '../ui/NotFound';

export const Route = createRootRouteWithContext<RouterContext>()({
  head: ({ match }) => {
    const head = documentHead(match, config);
    // An address no route knows: the root's not-found screen, answered with 404.
    if (!match._notFound) return head;
    return { ...head, meta: [...(head.meta ?? []), ...(notFoundHead(match).meta ?? [])] };
  },
  shellComponent: Document,
  component: Outlet,
  notFoundComponent: NotFound,
});
