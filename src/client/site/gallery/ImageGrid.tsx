/** Gallery images in a grid: the picture opens the lightbox, the title links to the file itself. */
import { LIMITS, truncate } from '../../../shared/limits';
import { imageAlt } from '../../ui/display';
import { LazyImage } from '../../ui/LazyImage';
import { SIZES } from '../../ui/Picture';
import type { GalleryItem } from '../api/types';
import classes from '../page/page.module.css';
import { Anchor, SimpleGrid, Stack } from '../ui';
import { useSiteText, useTextLang } from '../../ui/site-text';

interface ImageGridProps {
  images: GalleryItem[];
  onOpen: (index: number) => void;
}

export function ImageGrid({ images, onOpen }: ImageGridProps) {
  const t = useSiteText();
  const lang = useTextLang();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg" component="ul">
      {images.map((image, index) => {
        const alt = imageAlt(image);
        const title = image.title?.trim() || alt || t('gallery.image');
        return (
          <Stack key={image.id} component="li" gap="xs">
            <button
              type="button"
              className={classes.imageButton}
              onClick={() => onOpen(index)}
              aria-label={t('gallery.viewLarger', { title })}
            >
              <LazyImage
                src={image.file_url!}
                placeholders={image.placeholders}
                focalPoints={image.focal_points}
                alt={alt}
                width={640}
                height={480}
                sizes={SIZES.gridColumn}
              />
            </button>
            <Anchor
              href={image.file_url!}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
              title={title}
              {...(image.title?.trim() ? lang(image, 'title') : {})}
            >
              {truncate(title, LIMITS.truncate.cardShort)}
            </Anchor>
          </Stack>
        );
      })}
    </SimpleGrid>
  );
}
