import { createFileRoute, notFound } from '@tanstack/react-router';
import { EntityForm } from '../../../../admin/form/EntityForm';
import { AdminForbidden } from '../../../../admin/session/RightsGate';
import { useEntityRights, useRights } from '../../../../admin/session/rights';

export const Route = createFileRoute('/admin/$entity/form/')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { entity } }) => {
    // App settings are only edited, contact messages only read: neither has a create form.
    if (!entity.canCreate) throw notFound();
  },
  component: CreateRoute,
});

function CreateRoute() {
  const { entity } = Route.useRouteContext();
  const role = useRights()?.role;
  return useEntityRights(entity).canCreate ? (
    <EntityForm key={entity.def.adminPath} entity={entity} />
  ) : (
    <AdminForbidden role={role} />
  );
}
