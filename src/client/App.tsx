/**
 * The whole document, the same on both sides: the server renders it for every URL
 * (entry-server.tsx) and the browser hydrates it (main.tsx). Anything that differs between the two
 * would make hydration fail, so browser-only state starts from its server value.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { HeadContent, Scripts, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { PwaStatus } from './pwa/PwaStatus';
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

/** The root route's shell: <head> from the routes' head(), the app, then the router's scripts. */
export function Document({ children }: { children: ReactNode }) {
  useMarkReady();
  const colorScheme = useDocumentColorScheme();
  const { queryClient } = useRouter().options.context;
  return (
    <html lang="en">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#0b5394" />
        <HeadContent />
      </head>
      <body>
        <div id="root">
          <MantineProvider theme={theme} forceColorScheme={colorScheme}>
            <QueryClientProvider client={queryClient}>
              {children}
              <PwaStatus />
            </QueryClientProvider>
          </MantineProvider>
        </div>
        <Scripts />
      </body>
    </html>
  );
}
