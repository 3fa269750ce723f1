import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { useIsRestoring } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startInspector } from './inspect';
import { wireConnectivity } from './pwa/connectivity';
import { registerSaveDefaults, resumeSaves } from './pwa/entity-saves';
import { listenForInstallOffer } from './pwa/install-prompt';
import { createPersistOptions } from './pwa/persistence';
import { PwaStatus } from './pwa/PwaStatus';
import { registerServiceWorker } from './pwa/service-worker';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { theme } from './theme';

const queryClient = createQueryClient();
// Before restoring: restored saves need their mutation function, and the online state must be
// the browser's, or paused saves would be retried at once on a page loaded offline.
registerSaveDefaults(queryClient);
wireConnectivity(queryClient);
listenForInstallOffer();
registerServiceWorker();
const router = createAppRouter(queryClient);
const persistOptions = createPersistOptions();

/** Route loaders read the cache directly: they must not start before the stored cache is back. */
function AppRouter() {
  return useIsRestoring() ? null : <RouterProvider router={router} />;
}

void startInspector().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <MantineProvider theme={theme}>
        <PersistQueryClientProvider
          client={queryClient}
          persistOptions={persistOptions}
          onSuccess={() => resumeSaves(queryClient)}
        >
          <AppRouter />
          <PwaStatus />
        </PersistQueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
});
