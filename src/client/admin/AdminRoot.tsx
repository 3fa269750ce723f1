import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './admin.css';
import { Center, Loader, MantineThemeProvider } from '@mantine/core';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { keepBackOfficeOffline } from '../pwa/service-worker';
import { useFailureNotifications } from './api/useFailureNotifications';
import { NotificationsHost } from './api/NotificationsHost';
import { adminTheme } from './admin-theme';
import { useAdminColorScheme } from './layout/color-scheme-preference';
import { useSignedIn } from './session/useSignedIn';
import { isSignedIn } from './session/session-store';
import { learnOwnerOfStoredSession } from './session/session-owner';
import { meQuery } from './api/admin-queries';
import { type AdminLanguage, deviceLanguage, isAdminLanguage, setAdminLanguage } from './i18n';
import { SiteLocale } from '../ui/site-locale';
import { sendUnsavedLanguage, unsavedLanguage } from './account/own-language';
import { Island, IslandServerContext } from '../islands/Island';
import { ADMIN_HOME, isAdminRoot, isSignInAddress } from '../../shared/address-space';
import { lazyComponent } from '../ui/lazy-component';

// A signed-out back-office address without the staff hint is a sign-in islands document
// (shared/stored-session.ts): the server draws the island, the browser hydrates it by its registry
// entry (islands/registry.ts). The app never draws it, so its code never carries the island.
const SignInIsland = import.meta.env.SSR ? (await import('./login/SignInIsland')).SignInIsland : undefined;

/**
 * The language the back-office is shown in: the user's choice (My Profile), else the one last
 * used on this device or the browser's. English in the first render, as the server drew it; the
 * device's is read before the first paint.
 */
function useBackOfficeLanguage(signedIn: boolean | undefined): [AdminLanguage, (language: AdminLanguage) => void] {
  const [onDevice, setOnDevice] = useState<AdminLanguage>('en');
  const me = useQuery({ ...meQuery, enabled: signedIn === true });
  // A choice from the user menu not yet saved (made offline) wins over the profile's older one.
  const chosen = signedIn ? (unsavedLanguage() ?? me.data?.language) : undefined;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (signedIn !== true) return;
    const send = () => void sendUnsavedLanguage(queryClient);
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [queryClient, signedIn]);
  const language = isAdminLanguage(chosen) ? chosen : onDevice;
  useLayoutEffect(() => setOnDevice(deviceLanguage()), []);
  useLayoutEffect(() => {
    setAdminLanguage(language);
    document.documentElement.lang = language;
  }, [language]);
  return [language, setOnDevice];
}

// The signed-in back-office (its navigation, the outbox, every screen's shared parts) loads once
// someone has signed in: the sign-in screen downloads only itself, on a slow link too.
const loadAdminLayout = () => import('./layout/AdminLayout').then((m) => m.AdminLayout);
const AdminLayout = lazyComponent(loadAdminLayout);
// With a stored session it is needed as soon as the page is the browser's: fetched alongside the rest.
if (typeof window !== 'undefined' && isSignedIn()) loadAdminLayout().catch(() => undefined); // drawn, it is tried again
// The app's documents go to browsers with a staff session (or one that just ended): the sign-in
// form is drawn by the browser when there is none, from its own chunk.
const LoginScreen = lazyComponent(() => import('./login/LoginScreen').then((m) => m.LoginScreen));

/**
 * Everything under /admin renders inside this: the admin theme and notifications, then either the
 * login screen (signed out, whatever the path, so the same screen returns after signing in) or the
 * signed-in layout around `children`. In the app's documents the server, which never holds the
 * session, draws neither: a loader, until the browser has read its storage.
 */
export function AdminRoot({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const router = useRouter();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedOutScreen = !isSignInAddress(pathname);
  // The server drawing a sign-in islands document (no staff cookie, shared/stored-session.ts).
  const islandsDocument = useContext(IslandServerContext) !== null;
  const previous = useRef(signedIn);
  useFailureNotifications();
  useAdminColorScheme();
  const [language, chooseLanguage] = useBackOfficeLanguage(signedIn);

  useEffect(() => {
    // Loaders skip admin reads while signed out; run them again once the session changes.
    if (previous.current !== signedIn) void router.invalidate();
    previous.current = signedIn;
  }, [router, signedIn]);

  useEffect(() => {
    // Only for staff: a visitor who opens the sign-in page does not download the back-office.
    if (signedIn === true) keepBackOfficeOffline();
  }, [signedIn]);

  const queryClient = useQueryClient();
  useEffect(() => {
    // A session stored before owners were kept learns whose it is: its person's queued work waits till then.
    if (signedIn === true) void learnOwnerOfStoredSession();
    // A session that ended without signing out (expired, revoked) leaves its person's reads to nobody.
    if (signedIn === false) {
      queryClient.removeQueries({ queryKey: ['entities'] });
      queryClient.removeQueries({ queryKey: ['admin'] });
    }
  }, [queryClient, signedIn]);

  return (
    <MantineThemeProvider theme={adminTheme}>
      <SiteLocale value={language}>
        <div className="admin-root">
          <NotificationsHost />
          {signedOutScreen ? (
            children
          ) : islandsDocument && SignInIsland ? (
            <Island name="sign-in" when="touch" component={SignInIsland} props={{}} />
          ) : signedIn === undefined ? (
            <AdminLoading />
          ) : (
            <Suspense fallback={<AdminLoading />}>
              {signedIn ? (
                <AdminLayout>{children}</AdminLayout>
              ) : (
                <LoginScreen
                  language={language}
                  onLanguage={chooseLanguage}
                  // /admin itself leads to the dashboard; any other admin path simply shows its screen now.
                  onSignedIn={() => isAdminRoot(pathname) && void navigate({ to: ADMIN_HOME })}
                />
              )}
            </Suspense>
          )}
        </div>
      </SiteLocale>
    </MantineThemeProvider>
  );
}

/** While the back-office's own code arrives after signing in. */
function AdminLoading() {
  return (
    <Center h="100vh">
      <Loader aria-label="Loading the back-office" />
    </Center>
  );
}
