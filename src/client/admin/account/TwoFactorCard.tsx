import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Image,
  List,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/http';
import { adminCall } from '../api/admin-call';
import { meQuery } from '../api/admin-queries';
import { useAdminText } from '../i18n';

interface Enrolment {
  secret: string;
  uri: string;
  qr: string;
}

/** Ten codes shown once, to keep somewhere safe. */
function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useAdminText();
  return (
    <Alert color="yellow" title={t('tfa.codesTitle')} role="status">
      <Text size="sm" mb="xs">
        {t('tfa.codesText')}
      </Text>
      <SimpleGrid cols={2} spacing={4}>
        {codes.map((code) => (
          <Code key={code}>{code}</Code>
        ))}
      </SimpleGrid>
    </Alert>
  );
}

/** A password-confirmed action on the user's own two-factor sign-in (setting it up, new codes, turning it off). */
function PasswordConfirmed({
  label,
  color,
  onConfirm,
}: {
  label: string;
  color?: string;
  onConfirm: (password: string) => Promise<unknown>;
}) {
  const { t, term, message } = useAdminText();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const action = useMutation({ mutationFn: () => onConfirm(password), onSuccess: () => setOpen(false) });
  if (!open)
    return (
      <Button variant="light" color={color} size="xs" onClick={() => setOpen(true)}>
        {label}
      </Button>
    );
  return (
    <Group
      align="end"
      component="form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        action.mutate();
      }}
    >
      <PasswordInput
        label={term('Current password')}
        value={password}
        error={action.error && message(action.error.message)}
        onChange={(e) => setPassword(e.currentTarget.value)}
        autoComplete="current-password"
      />
      <Button type="submit" color={color} loading={action.isPending}>
        {label}
      </Button>
      <Button variant="subtle" onClick={() => setOpen(false)}>
        {t('common.cancel')}
      </Button>
    </Group>
  );
}

/** My Profile's two-factor sign-in: set up with a QR code and a code from the app, new recovery codes, or off. */
export function TwoFactorCard({ state }: { state: { enabled: boolean; required: boolean } }) {
  const { t } = useAdminText();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<Enrolment>();
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>();
  const refreshMe = () => queryClient.invalidateQueries({ queryKey: meQuery.queryKey });

  const enable = useMutation({
    mutationFn: () =>
      adminCall<{ data: { recovery_codes: string[] } }>('me/two-factor/enable', { method: 'POST', body: { code } }).then(
        (r) => r.data,
      ),
    onSuccess: ({ recovery_codes: recovery }) => {
      setEnrolment(undefined);
      setCodes(recovery);
      void refreshMe();
    },
  });
  const enableError =
    enable.error instanceof ApiError ? (enable.error.errors.code ?? enable.error.message) : enable.error?.message;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {t('tfa.title')}
          </Title>
          <Badge color={state.enabled ? 'green' : 'gray'} variant="light">
            {state.enabled ? t('tfa.on') : t('tfa.off')}
          </Badge>
        </Group>
        {state.required && !state.enabled && (
          <Alert color="yellow" role="status">
            {t('tfa.required')}
          </Alert>
        )}
        {codes && <RecoveryCodes codes={codes} />}
        {state.enabled ? (
          <Group>
            <PasswordConfirmed
              label={t('tfa.newCodes')}
              onConfirm={(password) =>
                adminCall<{ data: { recovery_codes: string[] } }>('me/two-factor/recovery-codes', {
                  method: 'POST',
                  body: { current_password: password },
                }).then((r) => setCodes(r.data.recovery_codes))
              }
            />
            {!state.required && (
              <PasswordConfirmed
                label={t('tfa.turnOff')}
                color="red"
                onConfirm={(password) =>
                  adminCall('me/two-factor', { method: 'DELETE', body: { current_password: password } }).then(() => {
                    setCodes(undefined);
                    return refreshMe();
                  })
                }
              />
            )}
          </Group>
        ) : enrolment ? (
          <Stack
            component="form"
            onSubmit={(event: FormEvent) => {
              event.preventDefault();
              enable.mutate();
            }}
          >
            <List type="ordered" size="sm">
              <List.Item>{t('tfa.scan')}</List.Item>
              <List.Item>{t('tfa.enter')}</List.Item>
            </List>
            <Image src={enrolment.qr} alt={t('tfa.qr')} w={220} h={220} />
            <Text size="xs">
              {t('tfa.cannotScan')} <Code data-testid="totp-secret">{enrolment.secret}</Code>
            </Text>
            <Group align="end">
              <TextInput
                label={t('tfa.code')}
                name="code"
                autoComplete="one-time-code"
                value={code}
                error={enableError}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <Button type="submit" loading={enable.isPending}>
                {t('tfa.turnOn')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Text size="sm">{t('tfa.why')}</Text>
            <PasswordConfirmed
              label={t('shell.twoFactor.title')}
              onConfirm={(password) =>
                adminCall<{ data: Enrolment }>('me/two-factor/setup', {
                  method: 'POST',
                  body: { current_password: password },
                }).then((r) => setEnrolment(r.data))
              }
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
