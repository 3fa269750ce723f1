import { createFileRoute, notFound } from '@tanstack/react-router';
import { Stack } from '@mantine/core';
import { EntityForm } from '../../../../admin/form/EntityForm';
import { TextLanguage } from '../../../../admin/form/TextLanguage';
import { PendingCreate } from '../../../../admin/outbox/PendingSaves';
import { ScreenHeader } from '../../../../admin/ScreenHeader';
import { AdminForbidden } from '../../../../admin/session/RightsGate';
import { useEntityRights, useRights } from '../../../../admin/session/rights';

export const Route = createFileRoute('/admin/$entity/form/')({
  // `pending`: a new record waiting in the outbox (opened from the header), shown instead of an empty form.
  validateSearch: (search: Record<string, unknown>): { pending?: string } =>
    typeof search.pending === 'string' && search.pending ? { pending: search.pending } : {},
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { entity } }) => {
    // App settings are only edited, contact messages only read: neither has a create form.
    if (!entity.canCreate) throw notFound();
  },
  component: CreateRoute,
});

function CreateRoute() {
  const { entity } = Route.useRouteContext();
  const { pending } = Route.useSearch();
  const role = useRights()?.role;
  const mayCreate = useEntityRights(entity).canCreate;
  if (pending) {
    return (
      <Stack gap="md">
        <ScreenHeader title={`New ${entity.def.formTitle}`} listPath={entity.def.adminPath} />
        <PendingCreate def={entity.def} pendingKey={pending} />
      </Stack>
    );
  }
  if (!mayCreate) return <AdminForbidden role={role} />;
  // Laid out as the record's own address lays it out (../$id.tsx), where a save moves to: the
  // form does not jump when it gets there.
  return (
    <Stack gap="md">
      <TextLanguage def={entity.def} />
      <EntityForm key={entity.def.adminPath} entity={entity} />
    </Stack>
  );
}
