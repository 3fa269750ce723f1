/** The uploads with their progress and actions, loaded when the header badge is first pressed (PendingUploads.tsx). */
import { ActionIcon, Group, Popover, Progress, Stack, Text } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { byteSize } from '../media/byte-size';
import { cancelUpload, pauseUpload, percentSent, resumeUpload, uploadQueue, type QueuedUpload } from '../media/upload-queue';
import { useAdminText } from '../i18n';
import type { DropdownProps } from '../layout/OnFirstPress';

const STATE_COLOR: Record<QueuedUpload['state'], string> = {
  waiting: 'gray',
  uploading: 'blue',
  paused: 'yellow',
  failed: 'red',
  done: 'green',
};

function UploadRow({ upload }: { upload: QueuedUpload }) {
  const { t } = useAdminText();
  const percent = percentSent(upload);
  const act = (label: string, symbol: string, run: () => void) => (
    <ActionIcon size="sm" variant="subtle" aria-label={`${label}: ${upload.name}`} title={label} onClick={run}>
      {symbol}
    </ActionIcon>
  );
  return (
    <Stack gap={4} data-upload-state={upload.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} truncate maw={220} title={upload.name}>
          {upload.name}
        </Text>
        <Group gap={2} wrap="nowrap">
          {upload.state === 'uploading' && act(t('uploads.pause'), '❚❚', () => pauseUpload(upload.id))}
          {upload.state === 'paused' && act(t('uploads.resume'), '▶', () => resumeUpload(upload.id))}
          {upload.state === 'failed' && act(t('uploads.retry'), '↻', () => resumeUpload(upload.id))}
          {upload.state !== 'done' && act(t('uploads.cancel'), '✕', () => void cancelUpload(upload.id))}
        </Group>
      </Group>
      <Progress value={percent} color={STATE_COLOR[upload.state]} size="sm" aria-label={upload.name} />
      <Text size="xs" c="dimmed">
        {t(`uploads.${upload.state}`)} · {t('uploads.progress', { sent: byteSize(upload.sent), size: byteSize(upload.size) })}
        {upload.size !== upload.originalSize &&
          ` · ${t('upload.sizes', { before: byteSize(upload.originalSize), after: byteSize(upload.size) })}`}
      </Text>
      {upload.error && (
        <Text size="xs" c="red">
          {upload.error}
        </Text>
      )}
    </Stack>
  );
}

export function PendingUploadsPopover({ target, defaultOpened }: DropdownProps<object>) {
  const { t } = useAdminText();
  const uploads = useSyncExternalStore(uploadQueue.subscribe, uploadQueue.get, uploadQueue.get);
  return (
    <Popover position="bottom-end" width={320} withinPortal defaultOpened={defaultOpened}>
      <Popover.Target>{target}</Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={700}>
              {t('uploads.title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('uploads.note')}
            </Text>
          </div>
          {uploads.map((upload) => (
            <UploadRow key={upload.id} upload={upload} />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
