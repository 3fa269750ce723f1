import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '../format-time';
import { type FormEvent, useState } from 'react';
import { ROLE_CHOICES } from '../../../shared/entities';
import { ApiError, apiPath } from '../../api/http';
import { adminCall } from '../api/admin-call';
import { adminKeys, meQuery } from '../api/admin-queries';
import type { Row } from '../api/entity-queries';
import { QueryState } from '../QueryState';
import { TwoFactorCard } from './TwoFactorCard';
import { NotificationMailSettings } from '../notifications/NotificationMailSettings';
import { deviceName } from './device-name';
import { forgetUnsavedLanguage, saveOwnAccount } from './own-language';
import { setShrinksPhotos, shrinksPhotos } from '../media/upload-queue';
import { ENTITIES, type FieldDef } from '../../../shared/entities';
import { CHANGE_PASSWORD_FIELDS, CURRENT_PASSWORD_FIELDS } from '../../../shared/account-forms';
import { FieldInput, FormFields } from '../form/field-registry';
import { adminT, useAdminText } from '../i18n';

interface Session {
  id: number;
  created_at: string;
  last_used_at: string | null;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

const sessionsQuery = queryOptions({
  queryKey: [...adminKeys.me, 'sessions'] as const,
  queryFn: ({ signal }) => adminCall<{ data: Session[] }>('me/sessions', { signal }).then((r) => r.data),
  meta: { failureTitle: 'Loading your sessions failed' },
});

/** What one may change of one's own account (the server's PUT /me takes these), drawn by the field registry. */
const DETAILS = [
  'name',
  'firstname',
  'lastname',
  'email',
  'phone',
  'address',
  'national_id_no',
  'dob',
  'gender',
  'profile_img',
  'language',
] as const;
const USER_FIELDS: Record<string, FieldDef> = ENTITIES.users.fields;

const fieldErrors = (error: unknown) => (error instanceof ApiError ? error.errors : {});

/** A save of one's own account: PUT /cms/api/me, then the fresh account in the cache. */
function useSaveProfile(onSaved: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOwnAccount,
    onSuccess: (me, body) => {
      if ('language' in body) forgetUnsavedLanguage();
      queryClient.setQueryData(meQuery.queryKey, me);
      void queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
      onSaved();
    },
  });
}

/** Choices kept on this device rather than with the account: they depend on the device and its connection. */
function DeviceSettings() {
  const { t } = useAdminText();
  const [shrink, setShrink] = useState(shrinksPhotos);
  return (
    <Card withBorder padding="lg">
      <Switch
        label={t('profile.shrinkPhotos')}
        description={t('profile.shrinkPhotosHint')}
        checked={shrink}
        onChange={(event) => {
          setShrinksPhotos(event.currentTarget.checked);
          setShrink(event.currentTarget.checked);
        }}
      />
    </Card>
  );
}

function DetailsForm({ me }: { me: Row }) {
  const { t, message } = useAdminText();
  const [values, setValues] = useState<Record<string, unknown>>(() =>
    Object.fromEntries(DETAILS.map((name) => [name, me[name] ?? ''])),
  );
  const textOf = (name: string) => String(values[name] ?? '').trim();
  const [current, setCurrent] = useState('');
  const save = useSaveProfile(() => {
    setCurrent('');
    notifications.show({ color: 'green', title: adminT('profile.saved'), message: adminT('profile.savedText') });
  });
  const errors = fieldErrors(save.error);
  // Email and phone are what one signs in with: changing either needs the current password.
  const emailChanged = textOf('email').toLowerCase() !== String(me.email ?? '') || textOf('phone') !== String(me.phone ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = Object.fromEntries(
      DETAILS.map((name) => [name, typeof values[name] === 'string' ? textOf(name) || null : (values[name] ?? null)]),
    );
    if (emailChanged) body.current_password = current;
    save.mutate(body);
  };
  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('profile.details')}
        </Title>
        {save.isError && (
          <Alert color="red" role="alert" title={t('form.notSaved')}>
            {message(save.error.message)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {DETAILS.map((name) => (
            <FieldInput
              key={name}
              name={name}
              field={USER_FIELDS[name]!}
              value={values[name]}
              error={errors[name]}
              disabled={save.isPending}
              onChange={(value) => setValues({ ...values, [name]: value })}
              resource="users"
              recordId={String(me.id)}
            />
          ))}
        </SimpleGrid>
        {emailChanged && (
          <FormFields
            fields={CURRENT_PASSWORD_FIELDS}
            values={{ current_password: current }}
            errors={errors}
            onChange={(_, value) => setCurrent(String(value ?? ''))}
          />
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('profile.saveDetails')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function PasswordForm() {
  const { t, message } = useAdminText();
  const empty = { current_password: '', password: '', confirm_password: '' };
  const [values, setValues] = useState(empty);
  const save = useSaveProfile(() => {
    setValues(empty);
    notifications.show({
      color: 'green',
      title: adminT('profile.passwordChanged'),
      message: adminT('profile.passwordChangedText'),
    });
  });
  const errors = fieldErrors(save.error);
  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save.mutate(values);
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('profile.changePassword')}
        </Title>
        {save.isError && (
          <Alert color="red" role="alert" title={t('profile.notChanged')}>
            {message(save.error.message)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <FormFields
            fields={CHANGE_PASSWORD_FIELDS}
            values={values}
            errors={errors}
            onChange={(name, value) => setValues({ ...values, [name]: String(value ?? '') })}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('profile.passwordHint')}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('profile.changePassword')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function Sessions() {
  const { t } = useAdminText();
  const queryClient = useQueryClient();
  const sessions = useQuery(sessionsQuery);
  const end = useMutation({
    mutationFn: (id?: number) => adminCall(id === undefined ? 'me/sessions' : apiPath`me/sessions/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
    onError: (error) => notifications.show({ color: 'red', title: adminT('profile.notSignedOut'), message: error.message }),
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('profile.sessions')}
          </Title>
          <Button variant="light" color="red" size="xs" onClick={() => end.mutate(undefined)} loading={end.isPending}>
            {t('profile.signOutOthers')}
          </Button>
        </Group>
        <QueryState query={sessions} label={t('profile.yourSessions')}>
          {(rows) => (
            <Table.ScrollContainer minWidth={560} type="native">
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('profile.device')}</Table.Th>
                    <Table.Th>{t('profile.address')}</Table.Th>
                    <Table.Th>{t('profile.lastUsed')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((session) => (
                    <Table.Tr key={session.id}>
                      <Table.Td>
                        <Text size="sm" lineClamp={2} title={session.user_agent ?? undefined}>
                          {deviceName(session.user_agent, t)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{session.ip ?? '--'}</Table.Td>
                      <Table.Td>{session.last_used_at ? formatTime(session.last_used_at, 'YYYY-MM-DD HH:mm') : '--'}</Table.Td>
                      <Table.Td>
                        {session.current ? (
                          <Badge variant="light">{t('profile.thisDevice')}</Badge>
                        ) : (
                          <Button
                            size="compact-sm"
                            variant="light"
                            color="red"
                            aria-label={t('profile.signOutSession', { when: session.last_used_at ?? '' })}
                            onClick={() => end.mutate(session.id)}
                          >
                            {t('profile.signOut')}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}

/** My Profile: one's own details, password and sessions, and the role and sites an admin gave. */
export function ProfileScreen() {
  const { t, term } = useAdminText();
  const me = useQuery(meQuery);
  return (
    <Stack gap="lg">
      <Title order={1}>{t('profile.title')}</Title>
      <QueryState query={me} label={t('profile.yourAccount')}>
        {(data) => (
          <>
            <Text size="sm">
              {t('profile.role')} <b>{term(ROLE_CHOICES.find((r) => r.value === data.role)?.label ?? String(data.role))}</b>
              {' · '}
              {t('profile.sites')}{' '}
              {((data.applications as { app_key: string; name: string }[] | undefined) ?? [])
                .map((a) => a.name || a.app_key)
                .join(', ') || t('profile.noSites')}
            </Text>
            <DetailsForm me={data} />
            <NotificationMailSettings email={String(data.email ?? '')} mailOn={data.mail === true} />
            <DeviceSettings />
            <PasswordForm />
            <TwoFactorCard
              state={
                (data.two_factor as { enabled: boolean; required: boolean } | undefined) ?? { enabled: false, required: false }
              }
            />
            <Sessions />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
