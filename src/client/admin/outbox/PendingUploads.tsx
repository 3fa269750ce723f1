/**
 * The uploads kept on this device (media/upload-queue.ts), beside the saves in the header: each
 * with its progress and state, and Pause, Resume, Retry and Cancel. The queue starts here, with
 * the back-office, so what waited from an earlier visit carries on at once.
 */
import { Badge, UnstyledButton } from '@mantine/core';
import { useEffect, useSyncExternalStore } from 'react';
import { startUploadQueue, uploadQueue } from '../media/upload-queue';
import { useAdminText } from '../i18n';
import { lazyComponent } from '../../ui/lazy-component';
import { OnFirstPress } from '../layout/OnFirstPress';

const UploadsPopover = lazyComponent(() => import('./PendingUploadsPopover').then((m) => m.PendingUploadsPopover));

export function PendingUploadsIndicator() {
  const { t } = useAdminText();
  const uploads = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.get, uploadQueue.get);
  useEffect(() => void startUploadQueue(), []);
  if (uploads.length === 0) return null;
  const open = uploads.filter((upload) => upload.state !== 'done').length;
  return (
    <OnFirstPress dropdown={UploadsPopover} props={{}}>
      <UnstyledButton aria-label={t('uploads.label', { count: uploads.length })}>
        <Badge color={uploads.some((upload) => upload.state === 'failed') ? 'red' : 'blue'} variant="filled" size="lg">
          {t('uploads.badge', { count: open || uploads.length })}
        </Badge>
      </UnstyledButton>
    </OnFirstPress>
  );
}
