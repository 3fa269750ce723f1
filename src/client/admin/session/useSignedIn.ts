import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeSession } from './session-store';

/**
 * Whether staff are signed in. Signed out on the server (the session lives in the browser) and
 * while the browser adopts the server's sign-in screen; the stored session counts right after.
 */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn, () => false);
}
