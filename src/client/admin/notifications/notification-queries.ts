/**
 * The signed-in person's notifications (issue #61): the bell's read, asked again every minute and
 * when the window comes back to the front, so a step taken elsewhere shows without a reload.
 * Small on purpose: it is on every back-office screen; the list itself loads on the bell's first
 * press (NotificationList.tsx).
 */
import { queryOptions } from '@tanstack/react-query';
import type { ItemEnvelope } from '../../../shared/envelope';
import type { NotificationItem } from '../../../shared/notifications';
import { adminCall } from '../api/admin-call';

export const notificationKeys = {
  all: ['admin', 'notifications'] as const,
};

export const notificationsQuery = queryOptions({
  queryKey: notificationKeys.all,
  queryFn: ({ signal }) =>
    adminCall<ItemEnvelope<{ items: NotificationItem[]; unread: number }>>('notifications', { signal }).then((r) => r.data),
  // And when the window comes back to the front: the query client's default, not repeated here.
  refetchInterval: 60_000,
  // No failure notice: a poll failing every minute would nag about something the person did not ask for.
});
