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
  // "↑" counts what is still to go up; once all have landed (they stay listed a moment, so the
  // header can say so) it says they are done, not that one is still uploading.
  const color = uploads.some((upload) => upload.state === 'failed') ? 'red' : open > 0 ? 'blue' : 'teal.9';
  return (
    <OnFirstPress dropdown={UploadsPopover} props={{}}>
      <UnstyledButton
        aria-label={open > 0 ? t('uploads.label', { count: open }) : t('uploads.doneLabel', { count: uploads.length })}
      >
        <Badge color={color} variant="filled" size="lg">
          {open > 0 ? t('uploads.badge', { count: open }) : t('uploads.doneBadge')}
        </Badge>
      </UnstyledButton>
    </OnFirstPress>
  );
}
