import { useEffect, useSyncExternalStore } from 'react';
import { uploadQueue, type QueuedUpload } from './upload-queue';

/** Follows one upload of the device's queue (by its token) and hands over its address when it lands. */
export function useQueuedUpload(id: string | undefined, onLanded: (url: string) => void): QueuedUpload | undefined {
  const uploads = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.get, uploadQueue.get);
  const upload = id === undefined ? undefined : uploads.find((queued) => queued.id === id);
  const landed = upload?.state === 'done' ? upload.file?.url : undefined;
  useEffect(() => {
    if (landed) onLanded(landed);
  }, [landed, onLanded]);
  return upload;
}
