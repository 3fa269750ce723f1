/**
 * 'Install app', shown only while the browser offers installation (Chromium's beforeinstallprompt).
 * An island (Footer): it draws nothing until the offer comes, and only then loads the button.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { canInstall, promptInstall, subscribeInstallOffer } from './install-prompt';
import { useSiteText } from '../ui/site-text';

const Button = lazy(() => import('./MantineButton').then((m) => ({ default: m.MantineButton })));

interface InstallAppButtonProps {
  size?: 'xs' | 'sm' | 'md';
  variant?: 'white' | 'filled' | 'light';
}

export function InstallAppButton(props: InstallAppButtonProps) {
  const t = useSiteText();
  const offered = useSyncExternalStore(subscribeInstallOffer, canInstall, () => false);
  if (!offered) return null;
  return (
    <Suspense fallback={null}>
      <Button {...props} onClick={() => void promptInstall()}>
        {t('pwa.install')}
      </Button>
    </Suspense>
  );
}
