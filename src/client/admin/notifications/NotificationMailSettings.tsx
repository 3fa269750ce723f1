/**
 * My Profile's "Notifications by mail": one switch per kind of review step, saved as it is
 * flipped (PUT /cms/api/notifications/settings). The bell shows every kind whatever they say.
 */
import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemEnvelope } from '../../../shared/envelope';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationMail } from '../../../shared/notifications';
import { adminCall } from '../api/admin-call';
import { useAdminText } from '../i18n';
import { QueryState } from '../QueryState';

/** The person's switches (read here only: the bell needs none of them). */
const notificationSettingsQuery = queryOptions({
  queryKey: [...notificationKeys.all, 'settings'] as const,
  queryFn: ({ signal }) =>
    adminCall<ItemEnvelope<{ mail: NotificationMail }>>('notifications/settings', { signal }).then((r) => r.data.mail),
  meta: { failureTitle: 'Loading your notification settings failed' },
});
import { notificationKeys } from './notification-queries';
import { useNotificationWords } from './NotificationList';

export function NotificationMailSettings({ email, mailOn }: { email: string; mailOn: boolean }) {
  const { message } = useAdminText();
  const w = useNotificationWords();
  const settings = useQuery(notificationSettingsQuery);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (change: Partial<NotificationMail>) =>
      adminCall<ItemEnvelope<{ mail: NotificationMail }>>('notifications/settings', {
        method: 'PUT',
        body: { mail: change },
      }).then((r) => r.data.mail),
    onSuccess: (mail) => queryClient.setQueryData(notificationSettingsQuery.queryKey, mail),
    onError: (error) => {
      notifications.show({ color: 'red', title: w('mailFailed'), message: message(error.message) });
      void queryClient.invalidateQueries({ queryKey: notificationSettingsQuery.queryKey });
    },
  });
  const flip = (kind: NotificationKind, on: boolean) => {
    // Shown at once; the answer (or a failure's fresh read) settles it.
    queryClient.setQueryData(notificationSettingsQuery.queryKey, (mail) => (mail ? { ...mail, [kind]: on } : mail));
    save.mutate({ [kind]: on });
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {w('mailTitle')}
        </Title>
        <Text size="sm">{mailOn ? w('mailText', { email }) : w('mailOff')}</Text>
        <QueryState query={settings} label={w('switches')}>
          {(mail) => (
            <Stack gap="xs">
              {NOTIFICATION_KINDS.map((kind) => (
                <Switch
                  key={kind}
                  label={w(`kind.${kind}`)}
                  checked={mail[kind]}
                  onChange={(event) => flip(kind, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
