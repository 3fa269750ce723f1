import { Alert, Anchor, Button, Checkbox, Container, Group, Paper, Stack, Title } from '@mantine/core';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type Credentials, loginMachine } from '../../../../machines/login';
import { SIGN_IN_CODE_FIELDS, SIGN_IN_FIELDS } from '../../../shared/account-forms';
import { inspect } from '../../inspect';
import { FormFields } from '../form/field-registry';
import { signIn } from '../session/session-store';
import { AccountHelp } from './AccountHelp';
import { signInRequest } from './sign-in';

export function LoginScreen() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [state, send] = useMachine(
    loginMachine.provide({
      actors: { signIn: fromPromise(({ input }: { input: Credentials }) => signInRequest(input)) },
      actions: {
        storeSession: (_, { token, remember }) => {
          signIn(token, remember);
          // /admin itself leads to the dashboard; any other admin path simply shows its screen now.
          if (/^\/admin\/?$/.test(pathname)) void navigate({ to: '/admin/dashboard' });
        },
      },
    }),
    { inspect },
  );
  const { identifier, password, code, remember, fieldErrors, errorMessage } = state.context;
  const busy = state.matches('signingIn') || state.matches('verifyingCode');
  const askingForCode = state.matches('codeEntry') || state.matches('verifyingCode');
  const change = (field: 'identifier' | 'password' | 'code', value: unknown) =>
    send({ type: 'field.change', field, value: String(value ?? '') });

  return (
    <Container size={420} py={80} component="main">
      <Title order={1} ta="center" mb="lg">
        Admin sign in
      </Title>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            send({ type: 'form.submit' });
          }}
        >
          {askingForCode ? (
            <Stack>
              {errorMessage && (
                <Alert color="red" role="alert" title="Could not sign in">
                  {errorMessage}
                </Alert>
              )}
              <FormFields fields={SIGN_IN_CODE_FIELDS} values={{ code }} errors={fieldErrors} focus="code" onChange={change} />
              <Button type="submit" loading={busy} fullWidth>
                Verify
              </Button>
              <Group justify="center">
                <Anchor component="button" type="button" size="sm" onClick={() => send({ type: 'code.back' })}>
                  Back to the password
                </Anchor>
              </Group>
            </Stack>
          ) : (
            <Stack>
              {state.matches('error') && errorMessage && (
                <Alert color="red" role="alert" title="Could not sign in">
                  {errorMessage}
                </Alert>
              )}
              <FormFields fields={SIGN_IN_FIELDS} values={{ identifier, password }} errors={fieldErrors} onChange={change} />
              <Group justify="space-between">
                <Checkbox
                  label="Remember Me"
                  checked={remember}
                  onChange={(e) => send({ type: 'remember.change', value: e.currentTarget.checked })}
                />
                <Anchor component={Link} to="/admin/reset-password" size="sm">
                  Forgot Password
                </Anchor>
              </Group>
              <Button type="submit" loading={busy} fullWidth>
                Sign in
              </Button>
              <Group justify="center">
                <AccountHelp
                  label="Create an account"
                  title="Need an account?"
                  text="Staff accounts are created by an administrator on the Users screen. Ask one to add you."
                />
              </Group>
            </Stack>
          )}
        </form>
      </Paper>
    </Container>
  );
}
