/**
 * Whether staff are signed in, as something React can subscribe to. The token itself lives in
 * api/session.ts; this adds change notification within the tab (storage events only reach other
 * tabs) so signing in or out here, or in another tab, re-renders the admin at once.
 */
import { clearToken, getToken, onTokenChange, setOwner, setToken } from '../../api/session';

const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function isSignedIn(): boolean {
  return getToken() !== null;
}

/** `owner`: whose session it is (session-owner.ts), so what they queue is sent only with it. */
export function signIn(token: string, remember: boolean, owner?: string): void {
  setToken(token, remember, owner);
  emit();
}

/** Records whose the stored session is, for one stored before owners were kept. */
export function adoptOwner(owner: string): void {
  setOwner(owner);
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
