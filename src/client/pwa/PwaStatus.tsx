import { useIsMutating } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { getConnectivity, subscribeConnectivity } from './connectivity';
import { SAVE_ENTITY_KEY } from './entity-saves';
import { PwaNotices } from './PwaNotices';
import { isUpdateWaiting, subscribeUpdate } from './service-worker';
import { useDeliveredNotes } from '../site/forms/notes';

/** The app's connection and update notices (the back-office, and pages the browser renders itself). */
export function PwaStatus() {
  const connectivity = useSyncExternalStore(subscribeConnectivity, getConnectivity, getConnectivity);
  const updateWaiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  const unsentSaves = useIsMutating({ mutationKey: SAVE_ENTITY_KEY });
  const delivered = useDeliveredNotes();
  return <PwaNotices connectivity={connectivity} updateWaiting={updateWaiting} unsentSaves={unsentSaves} delivered={delivered} />;
}
