/**
 * What wakes an island that waits until it is needed (`when="needed"`, registry.ts). Such an island
 * draws nothing until the browser has something for it to show (an offer to install, a lost
 * connection, a new version, a form sent after waiting offline): until then a page runs none of
 * its code, nor React's. Each watcher reads the same small stores the island's component reads,
 * which the islands entry starts anyway.
 */
import { canInstall, subscribeInstallOffer } from '../pwa/install-prompt';
import { isUpdateWaiting, subscribeUpdate } from '../pwa/service-worker';
import { deliveredNotes, subscribeDeliveredNotes } from '../site/forms/notes';
import { hasPwaNews } from '../pwa/pwa-news';
import type { IslandName } from './registry';

type Subscribe = (listener: () => void) => () => void;

/** Calls `wake` once `needed()` holds, now or after a change any of `sources` reports; returns how to stop watching. */
function once(needed: () => boolean, sources: Subscribe[], wake: () => void): () => void {
  if (needed()) {
    wake();
    return () => undefined;
  }
  const stops = sources.map((subscribe) =>
    subscribe(() => {
      if (!needed()) return;
      stop();
      wake();
    }),
  );
  const stop = () => stops.forEach((unsubscribe) => unsubscribe());
  return stop;
}

const subscribeOffline: Subscribe = (listener) => {
  window.addEventListener('offline', listener);
  return () => window.removeEventListener('offline', listener);
};

/** By island: starts watching for what it would show, calls `wake` then, and returns how to stop watching. */
export const WHEN_NEEDED: Partial<Record<IslandName, (wake: () => void) => () => void>> = {
  'install-app': (wake) => once(canInstall, [subscribeInstallOffer], wake),
  // When PublicPwaStatus has something to show, by the same rule (pwa-news.ts): the visitor
  // offline, a new version, a delivered form.
  'pwa-status': (wake) =>
    once(
      () =>
        hasPwaNews({
          connectivity: { browserOnline: navigator.onLine, serverUnreachable: false },
          updateWaiting: isUpdateWaiting(),
          unsentSaves: 0,
          delivered: deliveredNotes(),
        }),
      [subscribeOffline, subscribeUpdate, subscribeDeliveredNotes],
      wake,
    ),
};
