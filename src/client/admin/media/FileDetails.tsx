/**
 * What the library keeps about the selected file: its alt text and caption (offered wherever it
 * is inserted), its folder, and for a picture its focal point, set by clicking the picture where
 * its subject is. The server cuts its frames around that point and the site places cut pictures
 * by it (object-position), so a face at the edge of a slide stays in view on a phone.
 */
import { Button, FileButton, Group, Stack, Text, TextInput, Textarea, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { LIMITS } from '../../../shared/limits';
import { enqueueUpload, percentSent } from './upload-queue';
import { useQueuedUpload } from './useQueuedUpload';
import { adminCall } from '../api/admin-call';
import { adminKeys, type MediaFile } from '../api/admin-queries';
import { notifyFailure } from '../api/notify';
import { adminT, useAdminText } from '../i18n';
import { apiPath } from '../../api/http';

interface Focal {
  x: number;
  y: number;
}

const focalOf = (file: MediaFile): Focal | null =>
  file.focal_x === null || file.focal_y === null ? null : { x: file.focal_x, y: file.focal_y };
const percent = (share: number) => Math.round(share * 100);
const isPicture = (file: MediaFile) => /^image\/(png|jpeg|webp|avif)$/.test(file.mime ?? '');

export function FileDetails({ file, onReplaced }: { file: MediaFile; onReplaced: (url: string) => void }) {
  const { t } = useAdminText();
  const queryClient = useQueryClient();
  const [alt, setAlt] = useState(file.alt ?? '');
  const [caption, setCaption] = useState(file.caption ?? '');
  const [folder, setFolder] = useState(file.folder ?? '');
  const [focal, setFocal] = useState<Focal | null>(focalOf(file));
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [replacementId, setReplacementId] = useState<string>();
  const replacement = useQueuedUpload(
    replacementId,
    useCallback(
      (url: string) => {
        void queryClient.invalidateQueries({ queryKey: adminKeys.files });
        notifications.show({ color: 'green', message: adminT('media.replaced') });
        onReplaced(url);
      },
      [queryClient, onReplaced],
    ),
  );
  const replace = async (chosen: File | null) => {
    if (!chosen) return;
    // A photo is made small as any upload is; the server gives it a new address and leads the old one there.
    const queued = await enqueueUpload(chosen, { replaces: file.name });
    setReplacementId(queued.id);
  };

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      await adminCall(apiPath`files/${file.name}`, { method: 'PATCH', body: { alt, caption, folder, focal } });
      await queryClient.invalidateQueries({ queryKey: adminKeys.files });
      notifications.show({ color: 'green', message: adminT('media.detailsSaved') });
    } catch (error) {
      // What was typed stays; the fields the server named say why.
      setErrors((error as { errors?: Record<string, string> }).errors ?? {});
      notifyFailure(adminT('media.detailsFailed'), error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" className="admin-file-details" aria-label={t('media.details')}>
      <Text fw={700} size="sm">
        {t('media.details')}
      </Text>
      {isPicture(file) && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('media.focal')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('media.focalHint')}
          </Text>
          <UnstyledButton
            className="admin-focal-picker"
            aria-label={t('media.focal')}
            onClick={(event) => {
              const box = event.currentTarget.getBoundingClientRect();
              const clamp = (share: number) => Math.min(1, Math.max(0, Math.round(share * 1000) / 1000));
              setFocal({ x: clamp((event.clientX - box.left) / box.width), y: clamp((event.clientY - box.top) / box.height) });
            }}
          >
            <img src={file.url} alt={alt} draggable={false} />
            {focal && (
              <span className="admin-focal-dot" style={{ left: `${focal.x * 100}%`, top: `${focal.y * 100}%` }} aria-hidden />
            )}
          </UnstyledButton>
          <Group gap="xs">
            <Text size="xs" data-testid="focal-point">
              {focal ? t('media.focalAt', { x: percent(focal.x), y: percent(focal.y) }) : t('media.focalNone')}
            </Text>
            {focal && (
              <Button size="compact-xs" variant="subtle" onClick={() => setFocal(null)}>
                {t('media.focalClear')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
      <TextInput
        label={t('media.alt')}
        description={t('media.altHint')}
        value={alt}
        error={errors.alt}
        onChange={(event) => setAlt(event.currentTarget.value)}
      />
      <Textarea
        label={t('media.caption')}
        value={caption}
        error={errors.caption}
        autosize
        minRows={1}
        onChange={(event) => setCaption(event.currentTarget.value)}
      />
      <TextInput
        label={t('media.folder')}
        value={folder}
        error={errors.folder}
        onChange={(event) => setFolder(event.currentTarget.value)}
      />
      <Group justify="space-between">
        <FileButton onChange={(chosen) => void replace(chosen)} accept={LIMITS.upload.mimeTypes.join(',')}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              title={t('media.replaceHint')}
              loading={replacement?.state === 'uploading'}
            >
              {t('media.replace')}
            </Button>
          )}
        </FileButton>
        <Button size="xs" loading={saving} onClick={() => void save()}>
          {t('media.saveDetails')}
        </Button>
      </Group>
      {replacement && replacement.state !== 'done' && (
        <Text size="xs" c={replacement.state === 'failed' ? 'red' : 'dimmed'} role="status">
          {replacement.error ?? t('media.replacing', { percent: percentSent(replacement) })}
        </Text>
      )}
    </Stack>
  );
}
