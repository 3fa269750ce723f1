/**
 * The signed-in staff session. With 'Remember Me' the token lives in localStorage (survives a
 * browser restart), without it in sessionStorage (gone with the tab). The staff hint cookie
 * follows it, so the server draws the back-office rather than the sign-in screen (shared/stored-session.ts).
 */
import { STAFF_COOKIE, TOKEN_KEY } from '../../shared/stored-session';

/**
 * Who the stored session is (admin/session/session-owner.ts): kept beside the token, in the same
 * storage, so work queued on this device is sent only with its own person's session.
 */
const OWNER_KEY = 'auth_owner';

/** A remembered session's hint lasts as long as a remembered token may (the head script clears a stale one). */
const REMEMBERED_HINT_SECONDS = 365 * 24 * 60 * 60;

function setStaffHint(remember: boolean | undefined): void {
  const lifetime = remember === undefined ? ';max-age=0' : remember ? `;max-age=${REMEMBERED_HINT_SECONDS}` : '';
  document.cookie = `${STAFF_COOKIE}=${remember === undefined ? '' : '1'};path=/;samesite=lax${lifetime}`;
}

/** The stored token; none on the server, which draws every back-office screen signed out. */
export function getToken(): string | null {
  if (typeof localStorage === 'undefined') return null;
  return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string, remember: boolean, owner?: string): void {
  clearToken();
  const storage = remember ? localStorage : sessionStorage;
  storage.setItem(TOKEN_KEY, token);
  if (owner) storage.setItem(OWNER_KEY, owner);
  setStaffHint(remember);
}

export function clearToken(): void {
  for (const storage of [localStorage, sessionStorage]) {
    storage.removeItem(TOKEN_KEY);
    storage.removeItem(OWNER_KEY);
  }
  setStaffHint(undefined);
}

/** Where the token is kept: the owner is read from, and written to, the same place. */
const tokenStorage = (): Storage | undefined => {
  if (typeof localStorage === 'undefined') return undefined;
  if (localStorage.getItem(TOKEN_KEY) !== null) return localStorage;
  return sessionStorage.getItem(TOKEN_KEY) !== null ? sessionStorage : undefined;
};

/** Whose the stored session is; null without a session, or for one stored before owners were kept. */
export function getOwner(): string | null {
  return tokenStorage()?.getItem(OWNER_KEY) ?? null;
}

/** Records whose the stored session is (a session from before owners were kept, once the server said). */
export function setOwner(owner: string): void {
  tokenStorage()?.setItem(OWNER_KEY, owner);
}

/** Calls `onChange` when another tab signs in or out (the 'storage' event only fires across tabs). */
export function onTokenChange(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === OWNER_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
