import { Alert, Button, Card, Checkbox, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ROLE_CHOICES, type Role } from '../../../shared/entities';
import type { SecuritySettings } from '../../../shared/security-settings';
import { adminCall } from '../api/admin-call';
import { QueryState } from '../QueryState';

const settingsQuery = queryOptions({
  queryKey: ['admin', 'security-settings'] as const,
  queryFn: ({ signal }) => adminCall<{ data: SecuritySettings }>('security-settings', { signal }).then((r) => r.data),
  meta: { failureTitle: 'Loading the security settings failed' },
});

function SettingsForm({ settings }: { settings: SecuritySettings }) {
  const queryClient = useQueryClient();
  const [roles, setRoles] = useState<string[]>(settings.requireTwoFactor);
  const [days, setDays] = useState<number | string>(settings.activityRetentionDays);
  const [revisions, setRevisions] = useState<number | string>(settings.revisionsPerRecord);
  const save = useMutation({
    mutationFn: () =>
      adminCall<{ data: SecuritySettings }>('security-settings', {
        method: 'PUT',
        body: {
          requireTwoFactor: roles as Role[],
          activityRetentionDays: Number(days),
          revisionsPerRecord: Number(revisions),
        },
      }).then((r) => r.data),
    onSuccess: (next) => {
      queryClient.setQueryData(settingsQuery.queryKey, next);
      notifications.show({ color: 'green', title: 'Saved', message: 'The settings are updated.' });
    },
  });
  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="lg">
        {save.isError && (
          <Alert color="red" role="alert" title="Not saved">
            {save.error.message}
          </Alert>
        )}
        <Checkbox.Group
          label="Require two-factor sign-in for"
          description="Users of these roles must set it up under My Profile before they can work."
          value={roles}
          onChange={setRoles}
        >
          <Stack gap="xs" mt="xs">
            {ROLE_CHOICES.map((role) => (
              <Checkbox key={role.value} value={role.value} label={role.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label="Keep activity for (days)"
          description="Older entries of the activity log are removed."
          min={1}
          max={3650}
          value={days}
          onChange={setDays}
          w={360}
        />
        <NumberInput
          label="Keep earlier versions per record"
          description="History keeps this many earlier states of each record; older ones are removed on the next save."
          min={1}
          max={1000}
          value={revisions}
          onChange={setRevisions}
          w={360}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Security: which roles need two-factor sign-in, and how long the activity log keeps entries. Admins only. */
export function SecuritySettingsScreen() {
  const settings = useQuery(settingsQuery);
  return (
    <Stack gap="md">
      <Title order={1}>Security</Title>
      <Text size="sm" c="dimmed">
        Settings for every site on this server.
      </Text>
      <QueryState query={settings} label="the security settings">
        {(data) => <SettingsForm settings={data} />}
      </QueryState>
    </Stack>
  );
}
