import { Affix, Stack } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { getConnectivity, subscribeConnectivity } from './connectivity';
import { OfflineBanner } from './OfflineBanner';
import { isUpdateWaiting, subscribeUpdate } from './service-worker';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * The offline banner and the update prompt, stacked at the bottom of every screen (public and
 * admin). Rendered only while one of them has something to say, so it never adds an empty landmark.
 */
export function PwaStatus() {
  const connectivity = useSyncExternalStore(subscribeConnectivity, getConnectivity, getConnectivity);
  const updateWaiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  if (connectivity.browserOnline && !connectivity.serverUnreachable && !updateWaiting) return null;
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={1000}>
      <Stack component="aside" aria-label="Connection and updates" gap="xs" maw={560} mx="auto">
        <OfflineBanner />
        <UpdatePrompt />
      </Stack>
    </Affix>
  );
}
