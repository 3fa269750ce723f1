/**
 * Staff sign-in. The screen shows the form while `editing`, a spinner while `signingIn`, and a
 * message in `error` (wrong credentials, throttled, no connection). Required-field errors are
 * shown inline without a call. The call itself and storing the session arrive from React via
 * `.provide()`: actor `signIn`, action `storeSession`.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface Credentials {
  identifier: string;
  password: string;
  remember: boolean;
}

export interface SignInResult {
  token: string;
}

export type LoginErrorKind = 'wrongCredentials' | 'throttled' | 'network' | 'other';

export type LoginField = 'identifier' | 'password';

export interface LoginContext extends Credentials {
  fieldErrors: Partial<Record<LoginField, string>>;
  errorKind: LoginErrorKind | null;
  errorMessage: string | null;
}

export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'remember.change'; value: boolean }
  | { type: 'form.submit' };

export const LOGIN_MESSAGES: Record<LoginErrorKind, string> = {
  wrongCredentials: 'Wrong email/phone or password.',
  throttled: 'Too many sign-in attempts. Please wait a minute and try again.',
  network: 'No connection to the server. Check your network and try again.',
  other: 'Sign-in failed. Please try again.',
};

export const REQUIRED_MESSAGES: Record<LoginField, string> = {
  identifier: 'Email or phone is required.',
  password: 'Password is required.',
};

/** Errors carry an HTTP status (0 = no answer); anything else is an unexpected failure. */
export function loginErrorKind(error: unknown): LoginErrorKind {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401) return 'wrongCredentials';
  if (status === 429) return 'throttled';
  if (status === 0) return 'network';
  return 'other';
}

function missingFields(context: Credentials): Partial<Record<LoginField, string>> {
  const errors: Partial<Record<LoginField, string>> = {};
  if (!context.identifier.trim()) errors.identifier = REQUIRED_MESSAGES.identifier;
  if (!context.password) errors.password = REQUIRED_MESSAGES.password;
  return errors;
}

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    signIn: fromPromise<SignInResult, Credentials>(() => Promise.reject(new Error('signIn not provided'))),
  },
  actions: {
    storeSession: (_, _params: { token: string; remember: boolean }) => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field];
      return { [event.field]: event.value, fieldErrors };
    }),
    setRemember: assign({ remember: ({ event }) => (event.type === 'remember.change' ? event.value : false) }),
    showMissingFields: assign({ fieldErrors: ({ context }) => missingFields(context) }),
    clearError: assign({ errorKind: null, errorMessage: null, fieldErrors: {} }),
    showError: assign((_, params: { error: unknown }) => {
      const kind = loginErrorKind(params.error);
      // The server says how long to wait; that beats a vague 'a minute'.
      const serverMessage = (params.error as { message?: unknown } | null)?.message;
      const message =
        kind === 'throttled' && typeof serverMessage === 'string' && serverMessage ? serverMessage : LOGIN_MESSAGES[kind];
      return { errorKind: kind, errorMessage: message };
    }),
  },
  guards: {
    hasMissingFields: ({ context }) => Object.keys(missingFields(context)).length > 0,
  },
}).createMachine({
  id: 'login',
  context: { identifier: '', password: '', remember: false, fieldErrors: {}, errorKind: null, errorMessage: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'remember.change': { actions: 'setRemember' },
        'form.submit': [
          { guard: 'hasMissingFields', actions: 'showMissingFields' },
          { target: 'signingIn', actions: 'clearError' },
        ],
      },
    },
    signingIn: {
      invoke: {
        src: 'signIn',
        input: ({ context }) => ({
          identifier: context.identifier.trim(),
          password: context.password,
          remember: context.remember,
        }),
        onDone: {
          target: 'signedIn',
          actions: {
            type: 'storeSession',
            params: ({ context, event }) => ({ token: event.output.token, remember: context.remember }),
          },
        },
        onError: { target: 'error', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    error: {
      on: {
        'field.change': { target: 'editing', actions: 'setField' },
        'remember.change': { actions: 'setRemember' },
        'form.submit': [
          { guard: 'hasMissingFields', target: 'editing', actions: ['clearError', 'showMissingFields'] },
          { target: 'signingIn', actions: 'clearError' },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
});
