/**
 * Contact messages are New until someone opens one: opening marks it read, "Mark as unread" puts it
 * back, and the sidebar shows how many are unread. Form entries are marked the same way
 * (`POST /form-entries/{id}/read`), with their own counts (admin/form-entries).
 */
import { Badge, Button } from '@mantine/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { adminCall } from '../api/admin-call';
import { entityKeys, type Row } from '../api/entity-queries';
import { notifyFailure } from '../api/notify';
import { useAdminText } from '../i18n';
import { apiPath } from '../../api/http';

export const unreadMessagesQuery = queryOptions({
  queryKey: [...entityKeys.all('messages'), 'unread-count'] as const,
  queryFn: ({ signal }) => adminCall<{ data: { count: number } }>('messages/unread-count', { signal }).then((r) => r.data.count),
  refetchInterval: 60_000,
  meta: { failureTitle: 'Counting unread messages failed' },
});

/** A record that is marked read: a contact message, or a form entry. */
export type ReadMarked = 'messages' | 'form-entries';

function useMarkRead(recordKey: string, resource: ReadMarked) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (read: boolean) => adminCall(apiPath`${resource}/${recordKey}/read`, { method: read ? 'POST' : 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: entityKeys.all(resource) }),
    onError: (error) => notifyFailure('Marking the message failed', error),
  });
}

/** Marks a message read once it is shown (a read message stays as first read). */
export function useReadOnOpen(recordKey: string, row: Row | undefined, enabled: boolean, resource: ReadMarked = 'messages') {
  const { mutate } = useMarkRead(recordKey, resource);
  const unread = enabled && row !== undefined && !row.read_at;
  useEffect(() => {
    if (unread) mutate(true);
  }, [unread, mutate]);
}

export function MarkUnreadButton({
  recordKey,
  onDone,
  resource = 'messages',
}: {
  recordKey: string;
  onDone: () => void;
  resource?: ReadMarked;
}) {
  const { t } = useAdminText();
  const mark = useMarkRead(recordKey, resource);
  return (
    <Button variant="default" loading={mark.isPending} onClick={() => mark.mutate(false, { onSuccess: onDone })}>
      {t('messages.markUnread')}
    </Button>
  );
}

/** The sidebar's count of unread messages (nothing when there are none). */
export function UnreadMessagesBadge() {
  const { t } = useAdminText();
  const { data } = useQuery(unreadMessagesQuery);
  if (!data) return null;
  return (
    <Badge size="sm" color="indigo.8" aria-label={t('messages.unread', { count: data })}>
      {data}
    </Badge>
  );
}
