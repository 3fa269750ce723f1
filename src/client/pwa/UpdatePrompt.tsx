import { Button, Group, Paper, Text } from '@mantine/core';
import { applyUpdate } from './service-worker';
import { useSiteText } from '../ui/site-text';

/**
 * 'A new version is available' with Reload, while a new service worker waits. Reload waits for
 * unsent saves: a new build drops the stored cache they live in.
 */
export function UpdatePrompt({ waiting, unsentSaves }: { waiting: boolean; unsentSaves: number }) {
  const t = useSiteText();
  if (!waiting) return null;
  return (
    <Paper withBorder shadow="md" p="sm" radius="md" role="status" aria-live="polite">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <div>
          <Text fw={600} size="sm">
            {t('pwa.update')}
          </Text>
          {unsentSaves > 0 && (
            <Text size="xs" c="dimmed">
              {t('pwa.reloadAfterSaves')}
            </Text>
          )}
        </div>
        <Button size="xs" onClick={() => void applyUpdate()} disabled={unsentSaves > 0}>
          {t('pwa.reload')}
        </Button>
      </Group>
    </Paper>
  );
}
