import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useServerSendsMail } from '../../../admin/api/admin-queries';
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
  return (
    <EntityList
      key={path}
      entity={entity}
      search={resolveListSearch(entity.def, params)}
      onChange={onChange}
      note={entity.def.admin?.inbox && <MailOffNote />}
    />
  );
}

/** Staff should know whether a contact message also reaches the site's mailbox. */
function MailOffNote() {
  if (useServerSendsMail() !== false) return null;
  return (
    <Alert color="gray" role="note">
      Mail is off on this server: new messages are only listed here. With SMTP_URL set, each one is also mailed to the site&apos;s
      email (App Settings).
    </Alert>
  );
}
