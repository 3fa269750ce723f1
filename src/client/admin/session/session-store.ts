/**
 * Whether staff are signed in, as something React can subscribe to. The token itself lives in
 * api/session.ts; this adds change notification within the tab (storage events only reach other
 * tabs) so signing in or out here, or in another tab, re-renders the admin at once.
 */
import { clearToken, getToken, onTokenChange, setToken } from '../../api/session';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function isSignedIn(): boolean {
  return getToken() !== null;
}

export function signIn(token: string, remember: boolean): void {
  setToken(token, remember);
  emit();
}

export function signOut(): void {
  if (!isSignedIn()) return;
  clearToken();
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const stopStorage = onTokenChange(listener);
  return () => {
    listeners.delete(listener);
    stopStorage();
  };
}
