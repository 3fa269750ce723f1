import { useSyncExternalStore } from 'react';
import { isSignedIn, subscribeSession } from './session-store';

export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn);
}
