import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeSession } from './session-store';

/**
 * Whether staff are signed in; `undefined` on the server and while the browser adopts the
 * server's document (the session lives in the browser's storage), the stored session right after.
 */
export function useSignedIn(): boolean | undefined {
  return useSyncExternalStore(subscribeSession, isSignedIn, () => undefined);
}
