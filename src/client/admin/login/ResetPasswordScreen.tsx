import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ApiError, adminApi } from '../../api/http';
import { APP_PATHS } from '../../../shared/address-space';
import { NEW_PASSWORD_FIELDS } from '../../../shared/account-forms';
import { FormFields } from '../form/field-registry';
import { useAdminText } from '../i18n';

/**
 * Where 'Forgot Password' leads, and where a one-time reset link (made by an admin on the user's
 * form) opens: with a live link, a new password; without one, how to get one.
 */
export function ResetPasswordScreen({ token }: { token?: string }) {
  const { t, message } = useAdminText();
  const link = useQuery({
    queryKey: ['password-reset', token],
    queryFn: () => adminApi<{ data: { email: string } }>('password-reset', { query: { token } }).then((r) => r.data),
    enabled: Boolean(token),
    retry: false,
    // Asked afresh each time the link is opened: one used a moment ago is spent now.
    staleTime: 0,
    gcTime: 0,
  });
  const [values, setValues] = useState({ password: '', confirm_password: '' });
  const reset = useMutation({
    mutationFn: () => adminApi('password-reset', { method: 'POST', body: { token, ...values } }),
  });
  const errors = reset.error instanceof ApiError ? reset.error.errors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate();
  };

  return (
    <Container size={420} py={80} component="main">
      <Title order={1} ta="center" mb="lg">
        {t('reset.title')}
      </Title>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {!token ? (
          <Stack>
            <Text size="sm">{t('reset.howTo')}</Text>
            <Anchor component={Link} to={APP_PATHS.admin} size="sm">
              {t('reset.back')}
            </Anchor>
          </Stack>
        ) : reset.isSuccess ? (
          <Stack>
            <Alert color="green" role="status" title={t('reset.set')}>
              {t('reset.setText')}
            </Alert>
            <Button component={Link} to="/admin/dashboard">
              {t('login.submit')}
            </Button>
          </Stack>
        ) : link.isError ? (
          <Stack>
            <Alert color="red" role="alert" title={t('reset.unusable')}>
              {link.error.message}
            </Alert>
            <Anchor component={Link} to={APP_PATHS.admin} size="sm">
              {t('reset.back')}
            </Anchor>
          </Stack>
        ) : (
          <form noValidate onSubmit={submit}>
            <Stack>
              {link.data && <Text size="sm">{t('reset.for', { email: link.data.email })}</Text>}
              {reset.isError && (
                <Alert color="red" role="alert" title={t('reset.notSet')}>
                  {message(reset.error.message)}
                </Alert>
              )}
              <FormFields
                fields={NEW_PASSWORD_FIELDS}
                values={values}
                errors={errors}
                onChange={(name, value) => setValues({ ...values, [name]: String(value ?? '') })}
              />
              <Button type="submit" loading={reset.isPending} disabled={!link.data} fullWidth>
                {t('reset.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>
    </Container>
  );
}
