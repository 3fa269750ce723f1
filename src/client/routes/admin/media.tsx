import { Stack, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { MediaLibrary } from '../../admin/media/MediaPicker';
import { RightsGate } from '../../admin/session/RightsGate';
import { useAdminText } from '../../admin/i18n';

export const Route = createFileRoute('/admin/media')({
  component: MediaRoute,
});

/** The media library on a screen of its own: upload, find and delete the site's files. */
function MediaRoute() {
  const { term } = useAdminText();
  return (
    <RightsGate allowed={(rights) => rights.can('files', 'read')}>
      <Stack gap="md">
        <Title order={1}>{term('Media library')}</Title>
        <MediaLibrary />
      </Stack>
    </RightsGate>
  );
}
