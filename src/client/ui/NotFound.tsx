import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Container size="sm" py={80} component="main">
      <Stack align="center" gap="md">
        <Title order={1}>Page Not Found 404</Title>
        <Text c="dimmed">The page you asked for does not exist or has moved.</Text>
        <Anchor component={Link} to="/">
          Back to the home page
        </Anchor>
      </Stack>
    </Container>
  );
}
