/**
 * Mantine for an island that uses its components: inside the app the document's provider is there
 * already; an island root of its own (Island.tsx) gets one, the same on the server and in the
 * browser. It adds no styles: the page's head has Mantine's variables and classes already.
 */
import { MantineContext, MantineProvider } from '@mantine/core';
import { useContext, type ReactNode } from 'react';
import { theme } from '../theme';

export function WithMantine({ children }: { children: ReactNode }) {
  if (useContext(MantineContext)) return children;
  return (
    <MantineProvider theme={theme} forceColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      {children}
    </MantineProvider>
  );
}
