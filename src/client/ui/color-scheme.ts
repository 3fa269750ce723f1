/**
 * The colour scheme of the document. The public site is always light (its brand colours are
 * designed for it); the back-office sets its own while one of its screens is shown and gives the
 * light scheme back when it goes. The server and hydration always see light.
 */
import { useSyncExternalStore } from 'react';

export type ColorScheme = 'light' | 'dark';

let current: ColorScheme = 'light';
const listeners = new Set<() => void>();

export function setDocumentColorScheme(scheme: ColorScheme): void {
  if (scheme === current) return;
  current = scheme;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export function useDocumentColorScheme(): ColorScheme {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => 'light',
  );
}
