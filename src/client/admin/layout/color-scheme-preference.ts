/**
 * The back-office follows the system's light or dark setting unless staff choose one; the choice
 * is kept on this device. The hooks live apart from the choice's icons (color-scheme.tsx): the
 * sign-in screen applies the scheme without downloading them.
 */
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useSyncExternalStore } from 'react';
import { setDocumentColorScheme } from '../../ui/color-scheme';

export type Preference = 'auto' | 'light' | 'dark';

const STORAGE_KEY = 'orgsite-admin-color-scheme';
const listeners = new Set<() => void>();
/** A choice the browser would not store (storage blocked): it holds until the page is left. */
let unstored: Preference | undefined;

function storedPreference(): Preference {
  if (unstored) return unstored;
  try {
    // Kept as JSON (`"dark"`), as earlier versions kept it.
    const kept: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '"auto"');
    return kept === 'light' || kept === 'dark' ? kept : 'auto';
  } catch {
    return 'auto';
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice applies here too.
  const fromOtherTab = (event: StorageEvent) => (event.key === STORAGE_KEY || event.key === null) && listener();
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The choice on this device ('auto' on the server), and how to change it. */
export function usePreference(): [Preference, (preference: Preference) => void] {
  const preference = useSyncExternalStore(subscribe, storedPreference, () => 'auto' as Preference);
  const choose = (next: Preference) => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      unstored = next;
    }
    for (const listener of listeners) listener();
  };
  return [preference, choose];
}

/** Applies the back-office scheme to the document while the calling screen is shown. */
export function useAdminColorScheme(): void {
  const [preference] = usePreference();
  const systemDark = useMediaQuery('(prefers-color-scheme: dark)', undefined, { getInitialValueInEffect: false });
  const scheme = preference === 'auto' ? (systemDark ? 'dark' : 'light') : preference;
  useEffect(() => {
    setDocumentColorScheme(scheme);
    return () => setDocumentColorScheme('light');
  }, [scheme]);
}
