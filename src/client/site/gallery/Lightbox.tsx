/**
 * One gallery image at full size in a dialog, with previous/next (buttons and arrow keys). One of
 * the two overlays the public site draws with Mantine (its Modal's focus trap, scroll lock and
 * portal), so it brings Mantine's provider itself: the gallery island around it has none.
 */
import { Button, Group, Image, Modal, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { WithMantine } from '../../islands/WithMantine';
import { imageAlt } from '../../ui/display';
import { Picture, SIZES } from '../../ui/Picture';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons';
import type { GalleryItem } from '../api/types';
import { useSiteText } from '../../ui/site-text';

interface LightboxProps {
  image: GalleryItem;
  position: string;
  onClose: () => void;
  onNext?: () => void;
  onPrevious?: () => void;
}

export function Lightbox({ image, position, onClose, onNext, onPrevious }: LightboxProps) {
  const t = useSiteText();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') onNext?.();
    if (event.key === 'ArrowLeft') onPrevious?.();
  };
  return (
    <WithMantine>
      <Modal
        opened
        onClose={onClose}
        title={image.title || t('gallery.image')}
        size="xl"
        centered
        onKeyDown={onKeyDown}
        closeButtonProps={{ 'aria-label': t('gallery.close') }}
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
            {t('gallery.previous')}
          </Button>
          <Text size="sm" c="gray.7">
            {position}
          </Text>
          <Button variant="default" rightSection={<ChevronRightIcon />} onClick={onNext} disabled={!onNext}>
            {t('gallery.next')}
          </Button>
        </Group>
      </Modal>
    </WithMantine>
  );
}
