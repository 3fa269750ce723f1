import { Box, Button, Group, Image, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { LIMITS } from '../../../../shared/limits';
import type { TextField } from '../../../../shared/entities';
import type { FieldProps } from '../field-registry';

// The picker (grid, uploads) loads only when someone opens it.
const MediaPicker = lazy(() => import('../../media/MediaPicker').then((m) => ({ default: m.MediaPicker })));

/** An address an image can be shown from: absolute http(s) or site-relative (not embed code). */
export const isImageAddress = (text: string) => /^(https?:\/\/|\/)\S+$/.test(text.trim());

/** An image address typed or pasted, or picked from the media store; previewed at most 150 px high. */
export function ImageField({ name, field, value, error, disabled, onChange }: FieldProps<TextField>) {
  const [opened, { open, close }] = useDisclosure(false);
  const address = typeof value === 'string' ? value : '';
  // Gallery items may hold embed code instead of an address; only addresses get a preview.
  const previewable = isImageAddress(address);
  return (
    <Box>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Textarea
          name={name}
          label={field.label}
          description={field.hint}
          error={error}
          disabled={disabled}
          autosize
          minRows={1}
          maxRows={6}
          value={address}
          onChange={(e) => onChange(e.currentTarget.value)}
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
      {opened && (
        <Suspense fallback={null}>
          <MediaPicker
            title={field.pickerLabel ?? 'Select Image'}
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
