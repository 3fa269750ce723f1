import { Button, type ButtonProps } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { canInstall, promptInstall, subscribeInstallOffer } from './install-prompt';

/** 'Install app', shown only while the browser offers installation (Chromium's beforeinstallprompt). */
export function InstallAppButton(props: Omit<ButtonProps, 'children'>) {
  const offered = useSyncExternalStore(subscribeInstallOffer, canInstall, () => false);
  if (!offered) return null;
  return (
    <Button {...props} onClick={() => void promptInstall()}>
      Install app
    </Button>
  );
}
