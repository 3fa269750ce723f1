import { Paper, Text } from '@mantine/core';
import type { Connectivity } from './connectivity';

/** Says that what is shown may be saved content, while the browser is offline or the server silent. */
export function OfflineBanner({ browserOnline, serverUnreachable }: Connectivity) {
  if (browserOnline && !serverUnreachable) return null;
  return (
    <Paper shadow="md" p="sm" radius="md" bg="dark.7" role="status" aria-live="polite">
      <Text size="sm" c="white" fw={600}>
        {browserOnline ? 'The server cannot be reached.' : 'You are offline.'}
      </Text>
      <Text size="sm" c="gray.3">
        Pages you have already visited can still be read.
      </Text>
    </Paper>
  );
}
