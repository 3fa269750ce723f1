import { Button, Group, Paper, Text } from '@mantine/core';
import { useIsMutating } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { SAVE_ENTITY_KEY } from './entity-saves';
import { applyUpdate, isUpdateWaiting, subscribeUpdate } from './service-worker';

/**
 * 'A new version is available' with Reload, while a new service worker waits. Reload waits for
 * unsent saves: a new build drops the stored cache they live in.
 */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  const unsentSaves = useIsMutating({ mutationKey: SAVE_ENTITY_KEY });
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
