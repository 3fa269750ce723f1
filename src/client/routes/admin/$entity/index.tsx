import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { entityKeys, entityListQuery } from '../../../admin/api/entity-queries';
import { EntityList } from '../../../admin/list/EntityList';
import { type ListSearchParams, parseListSearch, resolveListSearch } from '../../../admin/list/list-search';
import { isSignedIn } from '../../../admin/session/session-store';

export const Route = createFileRoute('/admin/$entity/')({
  // The URL owns the list state (page, size, search).
  validateSearch: parseListSearch,
  loaderDeps: ({ search }) => search,
  // Loader and screen travel together in the admin chunk, so visitors never download either.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context: { entity, queryClient }, deps }) => {
    if (!isSignedIn()) return;
    void queryClient.prefetchQuery(entityListQuery(entity.def, resolveListSearch(entity.def, deps)));
  },
  component: EntityListRoute,
});

function EntityListRoute() {
  const { entity: path } = Route.useParams();
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { entity } = Route.useRouteContext();
  const onChange = useCallback(
    (next: ListSearchParams, options?: { reload?: boolean }) => {
      if (options?.reload) void queryClient.invalidateQueries({ queryKey: entityKeys.all(entity.def.resource) });
      void navigate({ search: next });
    },
    [entity.def.resource, navigate, queryClient],
  );
  return <EntityList key={path} entity={entity} search={resolveListSearch(entity.def, params)} onChange={onChange} />;
}
