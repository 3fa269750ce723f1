/**
 * Reads tell the user when they finally fail (after the query client's retries), once per query,
 * using the `failureTitle` their options carry. A 401 is not reported: the login screen replaces
 * the panel instead; a read that got no answer (offline) is one calm notice, not a failure.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../api/http';
import { isNetworkError } from '../../pwa/connectivity';
import { notifyFailure, notifyOffline } from './notify';

export function useFailureNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const title = event.query.meta?.failureTitle;
        const error = event.action.error;
        if (typeof title !== 'string' || (error instanceof ApiError && error.status === 401)) return;
        // No answer at all is no failure of the read: the screens show what this device kept.
        if (isNetworkError(error)) return notifyOffline();
        notifyFailure(title, error);
      }),
    [queryClient],
  );
}
