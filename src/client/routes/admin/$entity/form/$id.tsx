import { createFileRoute } from '@tanstack/react-router';
import { entityRecordQuery } from '../../../../admin/api/entity-queries';
import { RecordDetail } from '../../../../admin/detail/RecordDetail';
import { EntityForm } from '../../../../admin/form/EntityForm';
import { isSignedIn } from '../../../../admin/session/session-store';

export const Route = createFileRoute('/admin/$entity/form/$id')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { entity, queryClient }, params }) => {
    if (!isSignedIn()) return;
    void queryClient.prefetchQuery(entityRecordQuery(entity.def, params.id));
  },
  component: EditRoute,
});

function EditRoute() {
  const { entity: path, id } = Route.useParams();
  const { entity } = Route.useRouteContext();
  return entity.canEdit ? (
    <EntityForm key={`${path}/${id}`} entity={entity} recordKey={id} />
  ) : (
    <RecordDetail key={`${path}/${id}`} entity={entity} recordKey={id} />
  );
}
