/**
 * Reads tell the user when they finally fail (after the query client's retries), once per query,
 * using the `failureTitle` their options carry. A 401 is not reported: the login screen replaces
 * the panel instead.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../api/http';
import { notifyFailure } from './notify';

export function useFailureNotifications(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        const title = event.query.meta?.failureTitle;
        const error = event.action.error;
        if (typeof title !== 'string' || (error instanceof ApiError && error.status === 401)) return;
        notifyFailure(title, error);
      }),
    [queryClient],
  );
}
