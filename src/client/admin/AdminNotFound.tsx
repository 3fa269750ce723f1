import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function AdminNotFound() {
  return (
    <Stack align="center" gap="md" py={80}>
      <Title order={1}>Page Not Found 404</Title>
      <Text c="dimmed">There is no admin screen at this address.</Text>
      <Anchor component={Link} to="/admin/dashboard">
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
