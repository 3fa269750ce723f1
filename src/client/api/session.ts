/**
 * The signed-in staff session. With 'Remember Me' the token lives in localStorage (survives a
 * browser restart), without it in sessionStorage (gone with the tab). The staff hint cookie
 * follows it, so the server draws the back-office rather than the sign-in screen (shared/stored-session.ts).
 */
import { STAFF_COOKIE, TOKEN_KEY } from '../../shared/stored-session';

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

export function setToken(token: string, remember: boolean): void {
  clearToken();
  (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
  setStaffHint(remember);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
  setStaffHint(undefined);
}

/** Calls `onChange` when another tab signs in or out (the 'storage' event only fires across tabs). */
export function onTokenChange(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
