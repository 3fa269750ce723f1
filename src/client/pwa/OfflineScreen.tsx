import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isNetworkError } from './connectivity';

/** True when a route failed because no answer came, so it should show OfflineScreen, not an error. */
export const isOfflineError = isNetworkError;

interface OfflineScreenProps {
  /** Loads the page again; also called by itself when the connection comes back. */
  onRetry?: () => void;
}

/**
 * For a public page that was never read on this device while there is no connection. Renders as
 * the page's content (an h1 in a Container): put it inside the layout's <main>.
 */
export function OfflineScreen({ onRetry }: OfflineScreenProps) {
  useEffect(() => {
    if (!onRetry) return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);

  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>You are offline</Title>
        <Text c="dimmed" ta="center">
          This page has not been saved on this device yet, so it cannot be shown without a connection. It opens as soon as you are
          back online; the pages you have already visited can still be read.
        </Text>
        <Group>
          {onRetry && <Button onClick={onRetry}>Try again</Button>}
          <Anchor component={Link} to="/">
            Back to the home page
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
