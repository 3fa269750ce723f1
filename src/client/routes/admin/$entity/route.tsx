import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';

/**
 * One route family for every entity, which is resolved here once and handed to the list, form
 * and detail routes through the route context; an admin path that names no entity is a 404. The
 * registry is imported on entering the admin, not at the top (nor in a params parser): route
 * options other than components stay in the entry bundle every visitor of the public site loads.
 */
export const Route = createFileRoute('/admin/$entity')({
  beforeLoad: async ({ params }) => {
    const { adminEntityByPath } = await import('../../../admin/admin-entities');
    const entity = adminEntityByPath(params.entity);
    if (!entity) throw notFound();
    return { entity };
  },
  component: Outlet,
});
