import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { type ListSearchParams, parseListSearch, resolveListSearch } from '../../../admin/list/list-search';
import { TrashList } from '../../../admin/list/TrashList';

/** /admin/{entity}/trash: what was deleted, to restore or erase. */
export const Route = createFileRoute('/admin/$entity/trash')({
  validateSearch: parseListSearch,
  component: TrashRoute,
});

function TrashRoute() {
  const { entity: path } = Route.useParams();
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  const { entity } = Route.useRouteContext();
  const onChange = useCallback((next: ListSearchParams) => void navigate({ search: next }), [navigate]);
  return <TrashList key={path} entity={entity} search={resolveListSearch(entity.def, params)} onChange={onChange} />;
}
