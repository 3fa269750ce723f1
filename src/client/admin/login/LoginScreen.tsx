import { Alert, Anchor, Button, Checkbox, Container, Group, Paper, Stack, Title } from '@mantine/core';
import { Segments } from '../Segments';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type Credentials, loginMachine } from '../../../../machines/login';
import { SIGN_IN_CODE_FIELDS, SIGN_IN_FIELDS } from '../../../shared/account-forms';
import { RESET_PASSWORD_SCREEN } from '../../../shared/address-space';
import { HELD_UNTIL_CODE, PRESSED } from '../../../shared/stored-session';
import { inspect } from '../../inspect';
import { FormFields } from '../form/field-registry';
import { signIn } from '../session/session-store';
import { ownerKey } from '../session/session-owner';
import { AccountHelp } from './AccountHelp';
import { signInRequest } from './sign-in';
import { ADMIN_LANGUAGES, type AdminLanguage, isAdminLanguage, useAdminText } from '../i18n';
import { languageName } from '../../../shared/locales';
import { useEffect, useRef } from 'react';
import { useServerMarkup } from '../../ui/use-server-markup';

/** The back-office's languages, each named in itself, for someone not yet signed in. */
function LanguageChoice({ value, onChange }: { value: AdminLanguage; onChange: (language: AdminLanguage) => void }) {
  const { t } = useAdminText();
  return (
    <Segments
      name="language"
      label={t('login.language')}
      value={value}
      onChange={(next) => isAdminLanguage(next) && onChange(next)}
      data={ADMIN_LANGUAGES.map((language) => ({ value: language, label: languageName(language) }))}
    />
  );
}

/**
 * The sign-in screen. It needs no router (it is also the sign-in island, SignInIsland.tsx): what
 * follows a sign-in is the caller's (`onSignedIn`), and its one link is a plain one.
 */
export function LoginScreen({
  language,
  onLanguage,
  onSignedIn,
}: {
  language: AdminLanguage;
  onLanguage: (language: AdminLanguage) => void;
  /** Called once the session is stored. */
  onSignedIn?: () => void;
}) {
  const { t } = useAdminText();
  const [state, send] = useMachine(
    loginMachine.provide({
      actors: { signIn: fromPromise(({ input }: { input: Credentials }) => signInRequest(input)) },
      actions: {
        storeSession: (_, { token, remember, userId }) => {
          signIn(token, remember, userId === undefined ? undefined : ownerKey(userId));
          onSignedIn?.();
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
  // On the button as well as the form: a press the code answers is the screen's, even while the
  // fields still carry the browser's own check from before the code arrived (which would stop
  // the form's submit event).
  const submit = (event: { preventDefault(): void }) => {
    event.preventDefault();
    send({ type: 'form.submit' });
  };
  const screen = useRef<HTMLDivElement>(null);
  const adopted = !useServerMarkup();
  useEffect(() => {
    // What was typed, ticked or chosen on the server's screen before the code arrived is the
    // screen's now: the words, "Remember Me" and the language.
    const input = (name: string) => screen.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`);
    for (const field of ['identifier', 'password'] as const) {
      const typed = input(field)?.value;
      if (typed) change(field, typed);
    }
    if (input('remember')?.checked) send({ type: 'remember.change', value: true });
    const chosen = screen.current?.querySelector<HTMLInputElement>('input[name="language"]:checked')?.value;
    if (isAdminLanguage(chosen) && chosen !== language) onLanguage(chosen);
    // A press that came before the code was held for it: it is answered now.
    const form = screen.current?.querySelector('form');
    if (form?.hasAttribute(PRESSED)) {
      form.removeAttribute(PRESSED);
      send({ type: 'form.submit' });
    }
    // Only once, when the browser adopts the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Container ref={screen} size={420} py={80} component="main" className="admin-sign-in">
      <Group justify="flex-end" mb="xs">
        <LanguageChoice value={language} onChange={onLanguage} />
      </Group>
      <Title order={1} ta="center" mb="lg">
        {t('login.title')}
      </Title>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        <form
          // No control is ever dead to a press. Before the code arrives the browser's own check
          // answers an empty press (it names the field and focuses it; nothing is sent), and a
          // press on a filled form is held until the code answers it (shared/stored-session.ts,
          // islands/hydrate.ts). Once the code is here, the screen's own messages (spec §5) answer.
          method="post"
          {...{ [HELD_UNTIL_CODE]: '' }}
          noValidate={adopted}
          onSubmit={submit}
        >
          {askingForCode ? (
            <Stack>
              {errorMessage && (
                <Alert color="red" role="alert" title={t('login.failed')}>
                  {errorMessage}
                </Alert>
              )}
              <FormFields fields={SIGN_IN_CODE_FIELDS} values={{ code }} errors={fieldErrors} focus="code" onChange={change} />
              <Button type="submit" loading={busy} fullWidth onClick={submit}>
                {t('login.verify')}
              </Button>
              <Group justify="center">
                <Anchor component="button" type="button" size="sm" onClick={() => send({ type: 'code.back' })}>
                  {t('login.backToPassword')}
                </Anchor>
              </Group>
            </Stack>
          ) : (
            <Stack>
              {state.matches('error') && errorMessage && (
                <Alert color="red" role="alert" title={t('login.failed')}>
                  {errorMessage}
                </Alert>
              )}
              <FormFields
                fields={SIGN_IN_FIELDS}
                values={{ identifier, password }}
                errors={fieldErrors}
                browserChecks={!adopted}
                onChange={change}
              />
              <Group justify="space-between">
                <Checkbox
                  name="remember"
                  label={t('login.remember')}
                  checked={remember}
                  onChange={(e) => send({ type: 'remember.change', value: e.currentTarget.checked })}
                />
                <Anchor href={RESET_PASSWORD_SCREEN} size="sm">
                  {t('login.forgot')}
                </Anchor>
              </Group>
              <Button type="submit" loading={busy} fullWidth onClick={submit}>
                {t('login.submit')}
              </Button>
              <Group justify="center">
                <AccountHelp label={t('login.create')} title={t('login.needAccount')} text={t('login.needAccountText')} />
              </Group>
            </Stack>
          )}
        </form>
      </Paper>
    </Container>
  );
}
