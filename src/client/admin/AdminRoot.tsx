import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/tiptap/styles.css';
import './admin.css';
import { MantineThemeProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useLocation, useRouter } from '@tanstack/react-router';
import { type ReactNode, useEffect, useRef } from 'react';
import { keepBackOfficeOffline } from '../pwa/service-worker';
import { useFailureNotifications } from './api/useFailureNotifications';
import { adminTheme } from './admin-theme';
import { AdminLayout } from './layout/AdminLayout';
import { useAdminColorScheme } from './layout/color-scheme';
import { LoginScreen } from './login/LoginScreen';
import { useSignedIn } from './session/useSignedIn';

/** Screens for those who cannot sign in: they show with or without a session, outside the layout. */
const SIGNED_OUT_SCREENS = ['/admin/reset-password'];

/**
 * Everything under /admin renders inside this: the admin theme and notifications, then either the
 * login screen (signed out, whatever the path, so the same screen returns after signing in) or the
 * signed-in layout around `children`.
 */
export function AdminRoot({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const router = useRouter();
  const { pathname } = useLocation();
  const signedOutScreen = SIGNED_OUT_SCREENS.includes(pathname.replace(/\/$/, ''));
  const previous = useRef(signedIn);
  useFailureNotifications();
  useAdminColorScheme();

  useEffect(() => {
    // Loaders skip admin reads while signed out; run them again once the session changes.
    if (previous.current !== signedIn) void router.invalidate();
    previous.current = signedIn;
  }, [router, signedIn]);

  useEffect(() => {
    // Only for staff: a visitor who opens the sign-in page does not download the back-office.
    if (signedIn) keepBackOfficeOffline();
  }, [signedIn]);

  return (
    <MantineThemeProvider theme={adminTheme}>
      <div className="admin-root">
        <Notifications position="top-right" />
        {signedOutScreen ? children : signedIn ? <AdminLayout>{children}</AdminLayout> : <LoginScreen />}
      </div>
    </MantineThemeProvider>
  );
}
