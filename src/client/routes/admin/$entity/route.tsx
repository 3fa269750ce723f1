import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';

/**
 * One route family for every entity; an admin path that names no entity is a 404. The entity
 * registry is imported here, on entering the admin, not at the top: route options other than
 * components stay in the entry bundle every visitor of the public site downloads.
 */
export const Route = createFileRoute('/admin/$entity')({
  beforeLoad: async ({ params }) => {
    const { entityByAdminPath } = await import('../../../../shared/entities');
    if (!entityByAdminPath(params.entity)) throw notFound();
  },
  component: Outlet,
});
