/**
 * The whole client tree, the same on both sides: the browser renders or hydrates it (main.tsx),
 * the server renders it to HTML for public pages (entry-server.tsx). Anything that differs between
 * the two would make hydration fail, so browser-only state starts from its server value.
 */
import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { PwaStatus } from './pwa/PwaStatus';
import type { AppRouter } from './router';
import { theme } from './theme';
import { useDocumentColorScheme } from './ui/color-scheme';

/**
 * `<html data-app="ready">` once the app has taken over the page (rendered, or hydrated the
 * server's HTML): before that a server-rendered page reads fine but does not react yet. Tests wait
 * for it before they interact; styles may use it for what needs the app.
 */
function useMarkReady(): void {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
}

export function App({ queryClient, router }: { queryClient: QueryClient; router: AppRouter }) {
  useMarkReady();
  const colorScheme = useDocumentColorScheme();
  return (
    <StrictMode>
      <MantineProvider theme={theme} forceColorScheme={colorScheme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <PwaStatus />
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
