import { Paper, Text } from '@mantine/core';
import type { Connectivity } from './connectivity';
import { useSiteText } from '../ui/site-text';

/** Says that what is shown may be saved content, while the browser is offline or the server silent. */
export function OfflineBanner({ browserOnline, serverUnreachable }: Connectivity) {
  const t = useSiteText();
  if (browserOnline && !serverUnreachable) return null;
  return (
    <Paper shadow="md" p="sm" radius="md" bg="dark.7" role="status" aria-live="polite">
      <Text size="sm" c="white" fw={600}>
        {browserOnline ? t('offline.serverDown') : t('offline.banner')}
      </Text>
      <Text size="sm" c="gray.3">
        {t('offline.stillRead')}
      </Text>
    </Paper>
  );
}
