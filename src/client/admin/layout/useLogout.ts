import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { adminCall } from '../api/admin-call';
import { notifyFailure } from '../api/notify';
import { signOut } from '../session/session-store';
import { APP_PATHS } from '../../../shared/address-space';
import { adminT } from '../i18n';

/**
 * Ends the session on the server, then locally whatever the server said: a user who clicks Log Out
 * must be signed out even when the network is down.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await adminCall('logout', { method: 'POST' });
    } catch (error) {
      notifyFailure(adminT('toast.signOutFailed'), error);
    }
    signOut();
    queryClient.removeQueries({ queryKey: ['entities'] });
    queryClient.removeQueries({ queryKey: ['admin'] });
    await navigate({ to: APP_PATHS.admin });
  }, [navigate, queryClient]);
}
