import { createFileRoute, notFound } from '@tanstack/react-router';
import { EntityForm } from '../../../../admin/form/EntityForm';

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
  return <EntityForm key={entity.def.adminPath} entity={entity} />;
}
