import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { entityByAdminPath } from '../../../../shared/entities';

/** One route family for every entity; an admin path that names no entity is a 404. */
export const Route = createFileRoute('/admin/$entity')({
  params: {
    parse: ({ entity }) => {
      if (!entityByAdminPath(entity)) throw notFound();
      return { entity };
    },
  },
  component: Outlet,
});
