// First: in development it starts React's hot reload before any component loads (empty in a build).
import '@vitejs/plugin-react/preamble';
// Only the styles of the Mantine components a public page can show: its overlays (the menu drawer,
// the lightbox), the offline and update notices, the app's error and not-found screens, and stored
// HTML's typography. The pages themselves draw with the site's UI kit (site/ui/), which brings its
// own. The full sheet is 250 KB of render-blocking CSS, most of it for admin widgets: the admin
// loads it with its own code (AdminRoot).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Typography.css';
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { startInspector } from './inspect';
import { inPageNavigation, isSitePage } from './islands/links';
import { wireConnectivity } from './pwa/connectivity';
import { registerSaveDefaults, resumeSaves } from './pwa/entity-saves';
import { listenForInstallOffer } from './pwa/install-prompt';
import { createPersistOptions } from './pwa/persistence';
import { registerServiceWorker } from './pwa/service-worker';
import { record, waitForInspectors } from './flows/tab-record';
import { startVisitorOutbox } from './site/forms/notes';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { decodeEntitiesWithBrowser } from './ui/entity-decoding';
import { config } from './config';
import { documentLocale } from '../shared/locales';
import { loadSiteCatalogue } from '../shared/messages/site-loading';
import { isBackOfficeAddress } from '../shared/address-space';
import { loadAdminWords } from './admin/i18n';

decodeEntitiesWithBrowser();

async function start(): Promise<void> {
  // The offline shell, which the service worker answers any address with, names its own language:
  // opened at another's address (/bn/search), it takes that one, as the server's render would have.
  if (config.locale) config.locale = documentLocale(config.locale.locales, location.pathname) ?? config.locale;
  const queryClient = createQueryClient();
  // Listening to the connection from the start, not from React's first render: a save restored
  // paused must run when the connection returns even if the page has not rendered by then.
  queryClient.mount();
  // Before restoring: restored saves need their mutation function, and the online state must be
  // the browser's, or paused saves would be retried at once on a page loaded offline.
  registerSaveDefaults(queryClient);
  wireConnectivity(queryClient);
  listenForInstallOffer();
  registerServiceWorker();
  startVisitorOutbox();
  // The back-office's flows are recorded for its inspector (/admin/flows).
  waitForInspectors();
  await startInspector(record);

  // Route loaders read the cache: it is restored from storage before the router starts. The
  // server's answers are put over it while the router hydrates (router.tsx).
  const persistOptions = { ...createPersistOptions(), queryClient };
  try {
    await persistQueryClientRestore(persistOptions);
  } catch {
    // An unreadable store only costs the offline copy; the persister has already discarded it.
  }
  // Kept once the page has settled: storing the server's answers the moment they are adopted
  // would write the whole cache in the middle of hydrating. Saved then, so nothing that changed
  // before (a waiting save that landed meanwhile) is left out, and on every change after.
  whenIdle(() => {
    persistQueryClientSubscribe(persistOptions);
    void persistQueryClientSave(persistOptions);
  });
  // The site's words in the document's language are here before anything is drawn: hydrating in
  // English what the server drew in Bangla would redraw the page. So are the back-office's on its
  // addresses: hydrating does not run the /admin route's loader, which fetches them on a navigation.
  // Words that cannot be fetched (offline, never kept) leave the screens' own code missing too,
  // which the root's error screen says.
  await Promise.all([
    loadSiteCatalogue(config.locale?.locale ?? document.documentElement.lang),
    isBackOfficeAddress(location.pathname) ? loadAdminWords().catch(() => undefined) : undefined,
  ]);
  const restored = resumeSaves(queryClient);
  // Each restored save runs its outbox actor again; XState comes with it, so only when there is one.
  if (restored.length > 0) {
    void import('./pwa/save-outbox').then(({ followRestoredSave }) => {
      for (const mutation of restored) followRestoredSave(queryClient, mutation);
    });
  }

  // Every document is the server's render of its URL, or the offline shell (the root route only,
  // answered by the service worker for any URL): the router adopts what the server rendered and
  // loads the rest. Hydrating as a transition lets React yield to the browser between pieces of work.
  const router = createAppRouter(queryClient);
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RouterClient router={router} />
      </StrictMode>,
      { onRecoverableError: (error) => console.error('Hydration fell back to client rendering:', error) },
    );
  });
  // Staff-typed links and the menus are plain links (they are islands, without the router): on a
  // public page the router opens them in place, as the islands navigator does. Added after React's
  // own listener on the document, so a router <Link> has handled its click (defaultPrevented) first.
  document.addEventListener('click', (event) => {
    const url = inPageNavigation(event);
    if (!url || !isSitePage(new URL(window.location.href))) return;
    event.preventDefault();
    void router.navigate({ href: url.pathname + url.search + url.hash });
  });
}

/** Once the browser has nothing more urgent to do (Safari has no requestIdleCallback). */
function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 5_000 });
  else setTimeout(task, 1_000);
}

void start();
