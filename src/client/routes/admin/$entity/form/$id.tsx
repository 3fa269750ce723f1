import { Alert, Center, Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { entityRecordQuery } from '../../../../admin/api/entity-queries';
import { RecordDetail } from '../../../../admin/detail/RecordDetail';
import { EntityForm } from '../../../../admin/form/EntityForm';
import { HistoryPanel } from '../../../../admin/form/HistoryPanel';
import { usePresence } from '../../../../admin/form/usePresence';
import { useEntityRights } from '../../../../admin/session/rights';
import { UserAccountActions } from '../../../../admin/users/UserAccountActions';
import { WebhookDeliveries } from '../../../../admin/webhooks/WebhookDeliveries';
import { isSignedIn } from '../../../../admin/session/session-store';

export const Route = createFileRoute('/admin/$entity/form/$id')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { entity, queryClient }, params }) => {
    if (!isSignedIn()) return;
    void queryClient.prefetchQuery(entityRecordQuery(entity.def, params.id));
  },
  component: EditRoute,
});

/** Shown under the edit form of a record of these entities: a user's account actions, a webhook's deliveries. */
const FORM_EXTRAS: Partial<Record<string, ComponentType<{ recordKey: string }>>> = {
  users: UserAccountActions,
  webhooks: WebhookDeliveries,
};

/** The form for those who may change this record; the record as text for those who may only read it. */
function EditRoute() {
  const { entity: path, id } = Route.useParams();
  const { entity } = Route.useRouteContext();
  const rights = useEntityRights(entity);
  const [restores, setRestores] = useState(0);
  // Whether an own-records right covers this record depends on who made it: wait for it.
  const ownerMatters = Boolean(entity.def.ownerField) && rights.canEdit();
  const record = useQuery({ ...entityRecordQuery(entity.def, id), enabled: ownerMatters });
  const waiting = ownerMatters && record.data === undefined && !record.isError;
  const editable = !waiting && rights.canEdit(record.data);
  const others = usePresence(entity.def, id, editable);
  if (waiting) {
    return (
      <Center py="xl">
        <Loader aria-label={`Loading the ${entity.def.formTitle}`} />
      </Center>
    );
  }
  const FormExtras = FORM_EXTRAS[entity.def.resource];
  return editable ? (
    <Stack gap="md">
      {others.length > 0 && (
        <Alert
          color="yellow"
          role="status"
          title={`${others.map((o) => o.user_name ?? 'Someone').join(', ')} ${others.length === 1 ? 'is' : 'are'} editing this`}
        >
          Your save will not overwrite theirs: if both of you save, the second one is shown what changed and chooses.
        </Alert>
      )}
      {/* A restore replaces the record: the form starts again from it. */}
      <EntityForm key={`${path}/${id}/${restores}`} entity={entity} recordKey={id} />
      {FormExtras && <FormExtras recordKey={id} />}
      <HistoryPanel def={entity.def} recordKey={id} onRestored={() => setRestores((n) => n + 1)} />
    </Stack>
  ) : (
    <RecordDetail key={`${path}/${id}`} entity={entity} recordKey={id} />
  );
}
