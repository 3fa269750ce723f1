/** One gallery image at full size in a dialog, with previous/next (buttons and arrow keys). */
import { Button, Group, Image, Modal, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { imageAlt } from '../../ui/display';
import { Picture, SIZES } from '../../ui/Picture';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import type { GalleryItem } from '../api/types';

interface LightboxProps {
  image: GalleryItem;
  position: string;
  onClose: () => void;
  onNext?: () => void;
  onPrevious?: () => void;
}

export function Lightbox({ image, position, onClose, onNext, onPrevious }: LightboxProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') onNext?.();
    if (event.key === 'ArrowLeft') onPrevious?.();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={image.title || 'Image'}
      size="xl"
      centered
      onKeyDown={onKeyDown}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Image
        component={Picture}
        src={image.file_url}
        sizes={SIZES.full}
        alt={imageAlt(image)}
        fit="contain"
        mah="70vh"
        radius="sm"
      />
      <Group justify="space-between" mt="md">
        <Button variant="default" leftSection={<ChevronLeftIcon />} onClick={onPrevious} disabled={!onPrevious}>
          Previous
        </Button>
        <Text size="sm" c="gray.7">
          {position}
        </Text>
        <Button variant="default" rightSection={<ChevronRightIcon />} onClick={onNext} disabled={!onNext}>
          Next
        </Button>
      </Group>
    </Modal>
  );
}
