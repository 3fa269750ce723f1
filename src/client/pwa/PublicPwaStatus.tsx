/**
 * The connection and update notices of a page the server rendered (an island, App.tsx): the
 * browser's online state, a waiting new version and the visitor's forms sent after waiting
 * offline. It draws nothing, and loads nothing more, until one of them has something to say; a
 * visitor has no saves to wait for.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { hasPwaNews } from './pwa-news';
import { isUpdateWaiting, subscribeUpdate } from './service-worker';
import { useDeliveredNotes } from '../site/forms/notes';

const PwaStatusView = lazy(() => import('./PwaStatusView').then((m) => ({ default: m.PwaStatusView })));

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

export function PublicPwaStatus() {
  const browserOnline = useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
  const updateWaiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  const delivered = useDeliveredNotes();
  const state = { connectivity: { browserOnline, serverUnreachable: false }, updateWaiting, unsentSaves: 0, delivered };
  if (!hasPwaNews(state)) return null;
  return (
    <Suspense fallback={null}>
      <PwaStatusView {...state} />
    </Suspense>
  );
}
