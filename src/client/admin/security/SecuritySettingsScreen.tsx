import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Role } from '../../../shared/entities';
import { SECURITY_SETTINGS_FIELDS, type SecuritySettings } from '../../../shared/security-settings';
import { ApiError } from '../../api/http';
import { FormFields } from '../form/field-registry';
import { adminCall } from '../api/admin-call';
import { QueryState } from '../QueryState';
import { useAdminText } from '../i18n';

const settingsQuery = queryOptions({
  queryKey: ['admin', 'security-settings'] as const,
  queryFn: ({ signal }) => adminCall<{ data: SecuritySettings }>('security-settings', { signal }).then((r) => r.data),
  meta: { failureTitle: 'Loading the security settings failed' },
});

function SettingsForm({ settings }: { settings: SecuritySettings }) {
  const { t, message } = useAdminText();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<keyof SecuritySettings, unknown>>(settings);
  const save = useMutation({
    mutationFn: () =>
      adminCall<{ data: SecuritySettings }>('security-settings', {
        method: 'PUT',
        body: {
          requireTwoFactor: values.requireTwoFactor as Role[],
          activityRetentionDays: Number(values.activityRetentionDays),
          revisionsPerRecord: Number(values.revisionsPerRecord),
        },
      }).then((r) => r.data),
    onSuccess: (next) => {
      queryClient.setQueryData(settingsQuery.queryKey, next);
      notifications.show({ color: 'green', title: t('profile.saved'), message: t('security.saved') });
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
          <Alert color="red" role="alert" title={t('form.notSaved')}>
            {message(save.error.message)}
          </Alert>
        )}
        <Stack gap="lg" maw={640}>
          <FormFields
            fields={SECURITY_SETTINGS_FIELDS}
            values={values}
            errors={save.error instanceof ApiError ? save.error.errors : {}}
            disabled={save.isPending}
            onChange={(name, value) => setValues({ ...values, [name]: value })}
          />
        </Stack>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Security: which roles need two-factor sign-in, and how long the activity log keeps entries. Admins only. */
export function SecuritySettingsScreen() {
  const { t, term } = useAdminText();
  const settings = useQuery(settingsQuery);
  return (
    <Stack gap="md">
      <Title order={1}>{term('Security')}</Title>
      <Text size="sm" c="dimmed">
        {t('security.every')}
      </Text>
      <QueryState query={settings} label={t('security.settings')}>
        {(data) => <SettingsForm settings={data} />}
      </QueryState>
    </Stack>
  );
}
