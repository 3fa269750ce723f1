/**
 * The browser entry of public pages rendered by the server (islands documents, Island.tsx): wakes
 * the page's islands, then makes moves between public pages in place (navigator.ts). The service
 * worker keeps the pages visited for reading offline. `<html data-app="ready">` once the islands
 * wanted at once are alive: tests wait for it before they interact.
 */
// First: in development it starts React's hot reload before any component loads (empty in a build).
import '@vitejs/plugin-react/preamble';
import { startInspector } from '../inspect';
import { listenForInstallOffer } from '../pwa/install-prompt';
import { registerServiceWorker } from '../pwa/service-worker';
import { fillFormKeys } from '../site/forms/form-keys';
import { startVisitorOutbox } from '../site/forms/notes';
import { countView } from '../site/analytics/beacon';
import { wakeIslands } from './hydrate';
import { startNavigator } from './navigator';
import { decodeEntitiesWithBrowser } from '../ui/entity-decoding';

decodeEntitiesWithBrowser();

/**
 * An image whose address is broken shows its fallback (LazyImage's data-fallback): the error is
 * caught for every image, including those that failed before this script ran.
 */
function showFallback(image: HTMLImageElement): void {
  const fallback = image.dataset.fallback;
  if (!fallback) return;
  delete image.dataset.fallback;
  image.parentElement?.querySelectorAll('source').forEach((source) => source.remove());
  image.removeAttribute('srcset');
  image.src = fallback;
}
document.addEventListener('error', (event) => event.target instanceof HTMLImageElement && showFallback(event.target), true);
const failedAlready = () =>
  document.querySelectorAll<HTMLImageElement>('img[data-fallback]').forEach((image) => {
    if (image.complete && image.naturalWidth === 0) showFallback(image);
  });

const markReady = () => {
  document.documentElement.dataset.app = 'ready';
};

listenForInstallOffer();
registerServiceWorker({ afterFirstPage: true });
fillFormKeys(document);
startVisitorOutbox();
void startInspector().then(async () => {
  const root = document.getElementById('root');
  failedAlready();
  if (root) await wakeIslands(root);
  markReady();
  countView(false);
  startNavigator(() => {
    failedAlready();
    markReady();
    countView(true);
  });
});
