import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { adminCall } from '../api/admin-call';
import { useServerSendsMail } from '../api/admin-queries';

/** What an admin does for a user beyond their record: sign out everywhere, a one-time reset link, two-factor off. */
export function UserAccountActions({ recordKey }: { recordKey: string }) {
  const done = (title: string) => (answer: { message?: string }) =>
    notifications.show({ color: 'green', title, message: answer.message ?? '' });
  const failed = (error: Error) => notifications.show({ color: 'red', title: 'Not done', message: error.message });
  const signOut = useMutation({
    mutationFn: () => adminCall<{ message: string }>(`users/${recordKey}/sign-out`, { method: 'POST' }),
    onSuccess: done('Signed out'),
    onError: failed,
  });
  const twoFactorOff = useMutation({
    mutationFn: () => adminCall<{ message: string }>(`users/${recordKey}/two-factor`, { method: 'DELETE' }),
    onSuccess: done('Two-factor sign-in off'),
    onError: failed,
  });
  const resetLink = useMutation({
    mutationFn: (email: boolean) =>
      adminCall<{ data: { url: string; expires_at: string; emailed: boolean } }>(`users/${recordKey}/reset-link`, {
        method: 'POST',
        body: { email },
      }).then((r) => r.data),
    onError: failed,
  });

  const sendsMail = useServerSendsMail();

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Account
        </Title>
        <Group>
          <Button variant="light" onClick={() => resetLink.mutate(false)} loading={resetLink.isPending}>
            Make reset link
          </Button>
          <Button
            variant="light"
            onClick={() => resetLink.mutate(true)}
            loading={resetLink.isPending}
            disabled={sendsMail === false}
          >
            Email reset link
          </Button>
          <Button variant="light" color="orange" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            Sign out everywhere
          </Button>
          <Button variant="light" color="orange" onClick={() => twoFactorOff.mutate()} loading={twoFactorOff.isPending}>
            Turn off two-factor sign-in
          </Button>
        </Group>
        {sendsMail === false && (
          <Text size="xs" c="dimmed">
            Mail is off on this server (no SMTP_URL): make the link and give it to the user yourself.
          </Text>
        )}
        {resetLink.data && (
          <Stack gap={4}>
            <Group align="end" wrap="nowrap">
              <TextInput label="One-time reset link" value={resetLink.data.url} readOnly style={{ flex: 1 }} />
              <CopyButton value={resetLink.data.url}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {`${resetLink.data.emailed ? 'Emailed to the user.' : 'Give it to the user yourself.'} It works once, until ${dayjs(resetLink.data.expires_at).format('HH:mm')}.`}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
