import { Button, Group, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

/** A record screen's heading with the Back button to its list (spec §2.2 "Shared form layout"). */
export function ScreenHeader({ title, listPath }: { title: string; listPath: string }) {
  return (
    <Group justify="space-between">
      <Title order={1}>{title}</Title>
      <Button component={Link} to={`/admin/${listPath}`} variant="default">
        Back
      </Button>
    </Group>
  );
}
