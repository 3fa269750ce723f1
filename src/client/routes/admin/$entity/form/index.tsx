import { createFileRoute, notFound } from '@tanstack/react-router';
import { adminEntityByPath } from '../../../../admin/admin-entities';
import { EntityForm } from '../../../../admin/form/EntityForm';

export const Route = createFileRoute('/admin/$entity/form/')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ params }) => {
    // App settings are only edited, contact messages only read: neither has a create form.
    if (!adminEntityByPath(params.entity)?.canCreate) throw notFound();
  },
  component: CreateRoute,
});

function CreateRoute() {
  const { entity } = Route.useParams();
  return <EntityForm key={entity} entity={adminEntityByPath(entity)!} />;
}
