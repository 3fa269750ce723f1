/**
 * The signed-in staff session. With 'Remember Me' the token lives in localStorage (survives a
 * browser restart), without it in sessionStorage (gone with the tab).
 */
const TOKEN_KEY = 'auth_token';

/** The stored token; none on the server, which draws every back-office screen signed out. */
export function getToken(): string | null {
  if (typeof localStorage === 'undefined') return null;
  return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string, remember: boolean): void {
  clearToken();
  (remember ? localStorage : sessionStorage).setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
  sessionStorage.removeItem(TOKEN_KEY);
}

/** Calls `onChange` when another tab signs in or out (the 'storage' event only fires across tabs). */
export function onTokenChange(onChange: () => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
