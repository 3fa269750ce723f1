import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { adminCall } from '../api/admin-call';
import { notifyFailure } from '../api/notify';
import { signOut } from '../session/session-store';
import { currentOwner, discardedWith, unsentCount } from '../session/session-owner';
import { APP_PATHS } from '../../../shared/address-space';
import { adminT } from '../i18n';
import { discardSavesOf, waitingSaves } from '../../pwa/entity-saves';
import { forgetPersistedSaves } from '../../pwa/persistence';
import { discardConflictedEditsOf } from '../../pwa/conflicted-edits';
import { discardUploadsOf, uploadQueue } from '../media/upload-queue';

export interface Logout {
  /** Log Out pressed: signs out at once, or first asks (`unsent`) when work has not been sent. */
  request(): void;
  /** How many changes wait, while the question is asked; null otherwise. */
  unsent: number | null;
  /** Sign out and discard what was not sent. */
  confirm(): void;
  /** Stay signed in (what waits keeps waiting). */
  cancel(): void;
}

/**
 * Ends the session on the server, then locally whatever the server said: a user who clicks Log Out
 * must be signed out even when the network is down. Signing out on purpose on a shared computer
 * leaves nothing of the person behind: their waiting saves and uploads are discarded (asked
 * first), with their copies in storage, so nothing is sent later under someone else's session.
 */
export function useLogout(): Logout {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [unsent, setUnsent] = useState<number | null>(null);
  const signOutNow = useCallback(async () => {
    setUnsent(null);
    const owner = currentOwner();
    // While the session is still theirs: the server forgets the parts of their uploads too.
    discardSavesOf(queryClient, owner);
    forgetPersistedSaves((itemOwner) => discardedWith(itemOwner, owner));
    discardConflictedEditsOf(owner);
    await discardUploadsOf(owner);
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
  const request = useCallback(() => {
    const count = unsentCount(waitingSaves(queryClient), uploadQueue.get(), currentOwner());
    if (count > 0) setUnsent(count);
    else void signOutNow();
  }, [queryClient, signOutNow]);
  return { request, unsent, confirm: () => void signOutNow(), cancel: () => setUnsent(null) };
}
