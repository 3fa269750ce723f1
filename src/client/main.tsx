// Only the styles of the components the public site uses: the full sheet is 250 KB of render-blocking
// CSS, most of it for admin widgets. The admin loads the full sheet with its own code (AdminRoot).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Affix.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Typography.css';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { startInspector } from './inspect';
import { wireConnectivity } from './pwa/connectivity';
import { registerSaveDefaults, resumeSaves } from './pwa/entity-saves';
import { listenForInstallOffer } from './pwa/install-prompt';
import { createPersistOptions } from './pwa/persistence';
import { registerServiceWorker } from './pwa/service-worker';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { applySsrState, readSsrState } from './ssr-state';
import { setAdoptingServerPage } from './ui/SafeHtml';

async function start(): Promise<void> {
  const queryClient = createQueryClient();
  // Before restoring: restored saves need their mutation function, and the online state must be
  // the browser's, or paused saves would be retried at once on a page loaded offline.
  registerSaveDefaults(queryClient);
  wireConnectivity(queryClient);
  listenForInstallOffer();
  registerServiceWorker();
  await startInspector();

  // Route loaders read the cache: it is restored from storage before the router starts.
  const persistOptions = { ...createPersistOptions(), queryClient };
  try {
    await persistQueryClientRestore(persistOptions);
  } catch {
    // An unreadable store only costs the offline copy; the persister has already discarded it.
  }
  const ssr = readSsrState();
  if (ssr) applySsrState(queryClient, ssr);
  persistQueryClientSubscribe(persistOptions);
  resumeSaves(queryClient);

  const router = createAppRouter(queryClient);
  const root = document.getElementById('root')!;
  if (!ssr) {
    createRoot(root).render(<App queryClient={queryClient} router={router} />);
    return;
  }
  // The server rendered this URL: load its matches (their data is already cached) and adopt the
  // HTML. `router.ssr` makes the router render the tree the server rendered (no outer Suspense).
  // Hydrating as a transition lets React yield to the browser between pieces of work.
  router.ssr = { manifest: undefined };
  setAdoptingServerPage(true); // the page's HTML is clean already: no sanitiser needed to adopt it
  await router.load();
  setAdoptingServerPage(false);
  startTransition(() => {
    hydrateRoot(root, <App queryClient={queryClient} router={router} />, {
      onRecoverableError: (error) => console.error('Hydration fell back to client rendering:', error),
    });
  });
}

void start();
