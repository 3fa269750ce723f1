import { Box, Button, Group, Image, Text } from '@mantine/core';
import { PlainTextarea } from './PlainTextarea';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect, useMemo } from 'react';
import { pendingTokenOf } from '../../../../shared/pending-upload';
import { percentSent } from '../../media/upload-queue';
import { useQueuedUpload } from '../../media/useQueuedUpload';
import { useAdminText } from '../../i18n';
import { LIMITS } from '../../../../shared/limits';
import type { TextField } from '../../../../shared/entities';
import type { FieldProps } from '../field-registry';
import { lazyComponent } from '../../../ui/lazy-component';

// The picker (grid, uploads) loads only when someone opens it.
const MediaPicker = lazyComponent(() => import('../../media/MediaPicker').then((m) => m.MediaPicker));

/** An address an image can be shown from: absolute http(s) or site-relative (not embed code). */
export const isImageAddress = (text: string) => /^(https?:\/\/|\/)\S+$/.test(text.trim());

/**
 * A picture the field names while it is still on its way (a pending reference): shown from the
 * device, with how far it got, and replaced by its address when it lands.
 */
function usePendingPicture(value: string, onChange: (value: string) => void) {
  const upload = useQueuedUpload(pendingTokenOf(value), onChange);
  const blob = upload?.blob;
  const preview = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return { upload, preview };
}

/** An image address typed or pasted, or picked from the media store; previewed at most 150 px high. */
export function ImageField({ name, field, value, error, disabled, onChange }: FieldProps<TextField>) {
  const { t } = useAdminText();
  const [opened, { open, close }] = useDisclosure(false);
  const address = typeof value === 'string' ? value : '';
  const pending = usePendingPicture(address, onChange);
  // Gallery items may hold embed code instead of an address; only addresses get a preview.
  const previewable = isImageAddress(address);
  return (
    <Box>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <PlainTextarea
          name={name}
          label={field.label}
          description={field.hint}
          error={error}
          disabled={disabled}
          grows={6}
          value={address}
          onChange={onChange}
          style={{ flex: 1 }}
        />
        <Button variant="light" onClick={open} disabled={disabled} mb={error ? 22 : 0}>
          {field.pickerLabel ?? 'Select Image'}
        </Button>
      </Group>
      {previewable && (
        <Image
          src={address.trim()}
          alt={`${field.label} preview`}
          mah={LIMITS.imagePreviewMaxHeightPx}
          w="auto"
          maw="100%"
          fit="contain"
          mt="xs"
          radius="sm"
        />
      )}
      {pending.preview && (
        <Image
          src={pending.preview}
          alt={`${field.label} preview`}
          mah={LIMITS.imagePreviewMaxHeightPx}
          w="auto"
          maw="100%"
          fit="contain"
          mt="xs"
          radius="sm"
        />
      )}
      {pending.upload && (
        <Text size="xs" c={pending.upload.state === 'failed' ? 'red' : 'dimmed'} role="status" mt={4}>
          {pending.upload.state === 'failed'
            ? t('image.failed', { reason: pending.upload.error ?? '' })
            : pending.upload.state === 'waiting' && !navigator.onLine
              ? t('image.waiting')
              : t('image.uploading', { percent: percentSent(pending.upload) })}
        </Text>
      )}
      {opened && (
        <Suspense fallback={null}>
          <MediaPicker
            title={field.pickerLabel ?? 'Select Image'}
            allowPending
            onInsert={(url) => {
              onChange(url);
              close();
            }}
            onClose={close}
          />
        </Suspense>
      )}
    </Box>
  );
}
