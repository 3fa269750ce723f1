/**
 * The sign-in screen as an island (islands/registry.ts): what the server sends for a back-office
 * address to a browser without a staff session (shared/stored-session.ts). The browser wakes only
 * this, with Mantine and the back-office's words, not the back-office app; once signed in it
 * opens the address again, and the server, now seeing the staff cookie, sends the app.
 *
 * Like every island it brings what it needs: Mantine in the back-office's theme and colour scheme,
 * and the language (the device's, until someone signs in).
 */
import { MantineProvider, MantineThemeProvider } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { ADMIN_HOME, isAdminRoot } from '../../../shared/address-space';
import { theme } from '../../theme';
import { useDocumentColorScheme } from '../../ui/color-scheme';
import { adminTheme } from '../admin-theme';
import { type AdminLanguage, deviceLanguage, setAdminLanguage } from '../i18n';
import { useAdminColorScheme } from '../layout/color-scheme-preference';
import { LoginScreen } from './LoginScreen';

/** The address again (the dashboard for /admin itself), for the server to answer with the app. */
function openBackOffice(): void {
  window.location.replace(isAdminRoot(window.location.pathname) ? ADMIN_HOME : window.location.href);
}

export function SignInIsland() {
  const [language, setLanguage] = useState<AdminLanguage>('en');
  useLayoutEffect(() => setLanguage(deviceLanguage()), []);
  useLayoutEffect(() => {
    setAdminLanguage(language);
    document.documentElement.lang = language;
  }, [language]);
  useAdminColorScheme();
  const colorScheme = useDocumentColorScheme();
  return (
    // No provider runs in an islands document's browser: this one sets the document's scheme.
    <MantineProvider theme={theme} forceColorScheme={colorScheme} withCssVariables={false} withGlobalClasses={false}>
      <MantineThemeProvider theme={adminTheme}>
        <LoginScreen language={language} onLanguage={setLanguage} onSignedIn={openBackOffice} />
      </MantineThemeProvider>
    </MantineProvider>
  );
}
