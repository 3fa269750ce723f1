/** YouTube gallery items: each one's stored embed code, through SafeHtml (YouTube frames only). */
import { SafeHtml } from '../../ui/SafeHtml';
import type { GalleryItem } from '../api/types';
import classes from '../page/page.module.css';
import { SimpleGrid, Stack, Title } from '../ui';

export function VideoList({ videos }: { videos: GalleryItem[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
      {videos.map((video) => (
        <Stack key={video.id} gap="xs">
          <SafeHtml html={video.file_url} className={classes.videoFrame} />
          {video.title ? (
            <Title order={3} size="h5">
              {video.title}
            </Title>
          ) : null}
        </Stack>
      ))}
    </SimpleGrid>
  );
}
