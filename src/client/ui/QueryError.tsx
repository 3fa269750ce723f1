/** A failed read, said to the visitor with the server's message and a way to try again. */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useShellText } from './shell-text';

interface QueryErrorProps {
  title?: string;
  error: unknown;
  onRetry: () => void;
}

export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  const t = useShellText();
  const message = error instanceof Error && error.message ? error.message : t('error.tryAgain');
  return (
    <Alert color="red" variant="light" title={title ?? t('error.content')} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" color="red" variant="outline" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
