import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isNetworkError } from './connectivity';
import { useShellText } from '../ui/shell-text';

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
  const t = useShellText();
  useEffect(() => {
    if (!onRetry) return;
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);

  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>{t('offline.title')}</Title>
        <Text c="dimmed" ta="center">
          {t('offline.notKept')}
        </Text>
        <Group>
          {onRetry && <Button onClick={onRetry}>{t('offline.tryAgain')}</Button>}
          <Anchor component={Link} to="/">
            {t('notFound.home')}
          </Anchor>
        </Group>
      </Stack>
    </Container>
  );
}
