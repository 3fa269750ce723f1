import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useShellText } from './shell-text';

/** The 'Page Not Found 404' message with a way back home; inside the public layout's <main>. */
export function NotFoundMessage() {
  const t = useShellText();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="gray.7">{t('notFound.text')}</Text>
        <Anchor component={Link} to="/">
          {t('notFound.home')}
        </Anchor>
      </Stack>
    </Container>
  );
}

/** The same screen on its own (outside the public layout), where it is the page's main landmark. */
export function NotFound() {
  return (
    <main>
      <NotFoundMessage />
    </main>
  );
}
