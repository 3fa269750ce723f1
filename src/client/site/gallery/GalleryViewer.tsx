/**
 * The gallery viewer (spec §2.1, §4, §8): 'Image' and 'YouTube' toggles driven by the gallery-tabs
 * machine, images in a grid with a lightbox, YouTube items as their embeds. 'Loading...' while
 * fetching, 'No data found.' for an empty tab, and a visible error with Retry when the read fails.
 * Once the items are there it is an island (Island.tsx) holding them: a page the server renders
 * sends the viewer with its items, and the browser brings only the viewer to life.
 */
import { useQuery } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { lazy, Suspense } from 'react';
import { galleryTabsMachine } from '../../../../machines/gallery-tabs';
import { inspect } from '../../inspect';
import { Island } from '../../islands/Island';
import { galleryQuery } from '../api/queries';
import type { GalleryItem } from '../api/types';
import { Button, ButtonGroup, Container, Group, QueryError, Text, Title } from '../ui';
import { ImageGrid } from './ImageGrid';
import { VideoList } from './VideoList';
import { useSiteText } from '../../ui/site-text';

const Lightbox = lazy(() => import('./Lightbox').then((m) => ({ default: m.Lightbox })));

export function GalleryViewer() {
  const { data, error, refetch, isPending, isRefetching } = useQuery(galleryQuery());
  if (data && !isRefetching) return <Island name="gallery" component={GalleryIsland} props={{ items: data }} />;
  return <GalleryView data={data} error={error} loading={isPending || isRefetching} onRetry={() => void refetch()} />;
}

/** The viewer with its items, as an island: it needs nothing but its props (the lightbox brings Mantine). */
export function GalleryIsland({ items }: { items: GalleryItem[] }) {
  return <GalleryView data={items} error={null} loading={false} />;
}

interface GalleryViewProps {
  data: GalleryItem[] | undefined;
  error: Error | null;
  loading: boolean;
  onRetry?: () => void;
}

function GalleryView({ data, error, loading, onRetry }: GalleryViewProps) {
  const t = useSiteText();
  const [state, send] = useMachine(galleryTabsMachine, { inspect });
  const showingImages = state.matches('showingImages');
  const images = (data ?? []).filter((item) => item.type === 'image' && item.file_url);
  const videos = (data ?? []).filter((item) => item.type === 'youtube_embedded' && item.file_url);
  const shown = showingImages ? images : videos;
  const openIndex = state.context.openIndex;
  const openImage = openIndex === null ? undefined : images[openIndex];

  return (
    <Container size="xl" component="section" py={48} aria-labelledby="gallery-heading">
      <Group justify="space-between" mb="lg">
        <Title order={2} id="gallery-heading" c="blue.9">
          {t('gallery.title')}
        </Title>
        <ButtonGroup aria-label={t('gallery.show')}>
          <Button
            variant={showingImages ? 'filled' : 'default'}
            aria-pressed={showingImages}
            onClick={() => send({ type: 'tab.image' })}
          >
            {t('gallery.image')}
          </Button>
          <Button
            variant={showingImages ? 'default' : 'filled'}
            aria-pressed={!showingImages}
            onClick={() => send({ type: 'tab.youtube' })}
          >
            {t('gallery.youtube')}
          </Button>
        </ButtonGroup>
      </Group>
      <div aria-live="polite" aria-busy={loading}>
        {loading && !data ? <Text>{t('gallery.loading')}</Text> : null}
        {error && !loading ? <QueryError title={t('gallery.failed')} error={error} onRetry={() => onRetry?.()} /> : null}
        {data && shown.length === 0 ? <Text>{t('gallery.none')}</Text> : null}
      </div>
      {data && showingImages && images.length > 0 ? (
        <ImageGrid images={images} onOpen={(index) => send({ type: 'lightbox.open', index, count: images.length })} />
      ) : null}
      {data && !showingImages && videos.length > 0 ? <VideoList videos={videos} /> : null}
      {openImage && openIndex !== null ? (
        <Suspense fallback={null}>
          <Lightbox
            image={openImage}
            position={t('gallery.position', { index: openIndex + 1, count: images.length })}
            onClose={() => send({ type: 'lightbox.close' })}
            onNext={state.can({ type: 'lightbox.next' }) ? () => send({ type: 'lightbox.next' }) : undefined}
            onPrevious={state.can({ type: 'lightbox.previous' }) ? () => send({ type: 'lightbox.previous' }) : undefined}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
