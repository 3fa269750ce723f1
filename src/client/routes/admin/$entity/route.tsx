import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { entityRights } from '../../../admin/session/rights';
import { RightsGate } from '../../../admin/session/RightsGate';

/**
 * One route family for every entity, which is resolved here once and handed to the list, form
 * and detail routes through the route context; an admin path that names no entity is a 404, and
 * an entity the user's role may not open says so. The registry is imported on entering the admin,
 * not at the top (nor in a params parser): route options other than components stay in the entry
 * bundle every visitor of the public site loads.
 */
export const Route = createFileRoute('/admin/$entity')({
  beforeLoad: async ({ params }) => {
    const { adminEntityByPath } = await import('../../../admin/admin-entities');
    const entity = adminEntityByPath(params.entity);
    if (!entity) throw notFound();
    return { entity };
  },
  component: EntityScreens,
});

function EntityScreens() {
  const { entity } = Route.useRouteContext();
  return (
    <RightsGate allowed={(rights) => entityRights(entity, rights).canSee}>
      <Outlet />
    </RightsGate>
  );
}
