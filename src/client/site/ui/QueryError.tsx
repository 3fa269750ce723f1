/** A failed read on a public page, said with the server's message and a way to try again. */
import { useSiteText } from '../../ui/site-text';
import { Button } from './buttons';
import { Group } from './layout';
import { Alert } from './surfaces';
import { Text } from './text';

export function QueryError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const t = useSiteText();
  const message = error instanceof Error && error.message ? error.message : t('error.tryAgain');
  return (
    <Alert color="red" title={title}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" color="red" variant="outline" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
