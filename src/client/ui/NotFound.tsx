import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** The 'Page Not Found 404' message with a way back home; inside the public layout's <main>. */
export function NotFoundMessage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>Page Not Found 404</Title>
        <Text c="gray.7">The page you asked for does not exist or has moved.</Text>
        <Anchor component={Link} to="/">
          Back to the home page
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
