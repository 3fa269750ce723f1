/**
 * The whole document. The server renders it for every URL (entry-server.tsx) in one of two forms:
 * - an islands document (a public page the server could finish): the browser brings only its
 *   islands to life (islands/main.ts), so no router state travels with it;
 * - the app (the back-office, the offline shell, a public page whose reads failed on the server):
 *   the browser hydrates the whole document (main.tsx). Anything that differs between the two sides
 *   would make hydration fail, so browser-only state starts from its server value.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { HeadContent, Scripts, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { Island, IslandServerContext } from './islands/Island';
import { KeptPart } from './islands/KeptPart';
import { PublicPwaStatus } from './pwa/PublicPwaStatus';
import { PwaStatus } from './pwa/PwaStatus';
import { afterPaint } from './router-manifest';
import { documentLanguage } from './site/locale';
import { theme } from './theme';
import { SiteLocale } from './ui/site-locale';
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
  const { queryClient, islands } = useRouter().options.context;
  const lang = documentLanguage(queryClient);
  return (
    // The colour scheme Mantine's variables are keyed by: in an islands document no provider runs
    // in the browser to set it.
    <html lang={lang} data-mantine-color-scheme={colorScheme} {...(islands ? { 'data-mode': 'islands' } : {})}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <meta name="theme-color" content="#0b5394" />
        <HeadContent />
      </head>
      <body>
        <div id="root">
          <IslandServerContext.Provider value={islands ?? null}>
            <MantineProvider
              theme={theme}
              forceColorScheme={colorScheme}
              withCssVariables={!islands}
              withGlobalClasses={!islands}
            >
              {islands ? (
                // Mantine's variables and classes, the same on every page of a colour scheme: a
                // provider of their own draws them where the page's would, as a kept part.
                <KeptPart name="mantine" inputs={colorScheme}>
                  <MantineProvider theme={theme} forceColorScheme={colorScheme}>
                    {null}
                  </MantineProvider>
                </KeptPart>
              ) : null}
              <QueryClientProvider client={queryClient}>
                <SiteLocale value={lang}>
                  {children}
                  {islands ? <Island name="pwa-status" when="needed" component={PublicPwaStatus} props={{}} /> : <PwaStatus />}
                </SiteLocale>
              </QueryClientProvider>
            </MantineProvider>
          </IslandServerContext.Provider>
        </div>
        {islands ? (
          // Started once the page has painted, as the app is.
          <script {...afterPaint({ 'data-entry': islands.entry, 'data-preload': islands.preload.join(' ') }).attrs} />
        ) : (
          <Scripts />
        )}
      </body>
    </html>
  );
}
