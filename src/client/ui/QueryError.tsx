/** A failed read, said to the visitor with the server's message and a way to try again. */
import { Alert, Button, Group, Text } from '@mantine/core';

interface QueryErrorProps {
  title?: string;
  error: unknown;
  onRetry: () => void;
}

export function QueryError({ title = 'This content could not be loaded.', error, onRetry }: QueryErrorProps) {
  const message = error instanceof Error && error.message ? error.message : 'Please try again.';
  return (
    <Alert color="red" variant="light" title={title} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" color="red" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
