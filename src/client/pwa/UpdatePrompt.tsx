import { Button, Group, Paper, Text } from '@mantine/core';
import { applyUpdate } from './service-worker';

/**
 * 'A new version is available' with Reload, while a new service worker waits. Reload waits for
 * unsent saves: a new build drops the stored cache they live in.
 */
export function UpdatePrompt({ waiting, unsentSaves }: { waiting: boolean; unsentSaves: number }) {
  if (!waiting) return null;
  return (
    <Paper withBorder shadow="md" p="sm" radius="md" role="status" aria-live="polite">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <div>
          <Text fw={600} size="sm">
            A new version is available
          </Text>
          {unsentSaves > 0 && (
            <Text size="xs" c="dimmed">
              Reload once your changes have been saved.
            </Text>
          )}
        </div>
        <Button size="xs" onClick={applyUpdate} disabled={unsentSaves > 0}>
          Reload
        </Button>
      </Group>
    </Paper>
  );
}
