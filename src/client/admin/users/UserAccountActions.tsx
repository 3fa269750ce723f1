import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { formatTime } from '../format-time';
import { adminCall } from '../api/admin-call';
import { useServerSendsMail } from '../api/admin-queries';
import { useAdminText } from '../i18n';
import { apiPath } from '../../api/http';

/** What an admin does for a user beyond their record: sign out everywhere, a one-time reset link, two-factor off. */
export function UserAccountActions({ recordKey }: { recordKey: string }) {
  const { t } = useAdminText();
  const done = (title: string) => (answer: { message?: string }) =>
    notifications.show({ color: 'green', title, message: answer.message ?? '' });
  const failed = (error: Error) => notifications.show({ color: 'red', title: t('account.notDone'), message: error.message });
  const signOut = useMutation({
    mutationFn: () => adminCall<{ message: string }>(apiPath`users/${recordKey}/sign-out`, { method: 'POST' }),
    onSuccess: done(t('account.signedOut')),
    onError: failed,
  });
  const twoFactorOff = useMutation({
    mutationFn: () => adminCall<{ message: string }>(apiPath`users/${recordKey}/two-factor`, { method: 'DELETE' }),
    onSuccess: done(t('account.tfaOff')),
    onError: failed,
  });
  const resetLink = useMutation({
    mutationFn: (email: boolean) =>
      adminCall<{ data: { url: string; expires_at: string; emailed: boolean } }>(apiPath`users/${recordKey}/reset-link`, {
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
          {t('profileMenu.account')}
        </Title>
        <Group>
          <Button variant="light" onClick={() => resetLink.mutate(false)} loading={resetLink.isPending}>
            {t('account.makeLink')}
          </Button>
          <Button
            variant="light"
            onClick={() => resetLink.mutate(true)}
            loading={resetLink.isPending}
            disabled={sendsMail === false}
          >
            {t('account.emailLink')}
          </Button>
          <Button variant="light" color="orange" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            {t('account.signOutEverywhere')}
          </Button>
          <Button variant="light" color="orange" onClick={() => twoFactorOff.mutate()} loading={twoFactorOff.isPending}>
            {t('account.turnOffTfa')}
          </Button>
        </Group>
        {sendsMail === false && (
          <Text size="xs" c="dimmed">
            {t('account.noMail')}
          </Text>
        )}
        {resetLink.data && (
          <Stack gap={4}>
            <Group align="end" wrap="nowrap">
              <TextInput label={t('account.link')} value={resetLink.data.url} readOnly style={{ flex: 1 }} />
              <CopyButton value={resetLink.data.url}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? t('common.copied') : t('common.copy')}</Button>}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {`${resetLink.data.emailed ? t('account.emailed') : t('account.giveIt')} ${t('account.worksOnce', { until: formatTime(resetLink.data.expires_at, 'HH:mm') })}`}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
