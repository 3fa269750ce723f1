/**
 * The connection and update notices of a page the server rendered (an island, App.tsx): the
 * browser's online state, a waiting new version and the visitor's forms sent after waiting
 * offline. It draws nothing, and loads nothing more, until one of them has something to say; a
 * visitor has no saves to wait for.
 */
import { useSyncExternalStore } from 'react';
import { PwaNotices } from './PwaNotices';
import { isUpdateWaiting, subscribeUpdate } from './service-worker';
import { useDeliveredNotes } from '../site/forms/notes';

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
  return (
    <PwaNotices
      connectivity={{ browserOnline, serverUnreachable: false }}
      updateWaiting={updateWaiting}
      unsentSaves={0}
      delivered={delivered}
    />
  );
}
