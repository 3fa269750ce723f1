import { createFileRoute } from '@tanstack/react-router';
import { adminEntityByPath } from '../../../../admin/admin-entities';
import { entityRecordQuery } from '../../../../admin/api/entity-queries';
import { RecordDetail } from '../../../../admin/detail/RecordDetail';
import { EntityForm } from '../../../../admin/form/EntityForm';
import { isSignedIn } from '../../../../admin/session/session-store';

export const Route = createFileRoute('/admin/$entity/form/$id')({
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => {
    const entity = adminEntityByPath(params.entity);
    if (!entity || !isSignedIn()) return;
    void context.queryClient.prefetchQuery(entityRecordQuery(entity.def, params.id));
  },
  component: EditRoute,
});

function EditRoute() {
  const { entity: path, id } = Route.useParams();
  const entity = adminEntityByPath(path)!;
  return entity.canEdit ? (
    <EntityForm key={`${path}/${id}`} entity={entity} recordKey={id} />
  ) : (
    <RecordDetail key={`${path}/${id}`} entity={entity} recordKey={id} />
  );
}
