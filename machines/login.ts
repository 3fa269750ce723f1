/**
 * Staff sign-in. The screen shows the form while `editing`, a spinner while `signingIn`, and a
 * message in `error` (wrong credentials, throttled, no connection). Required-field errors are
 * shown inline without a call. A user with two-factor sign-in is then asked for a code
 * (`codeEntry`, `verifyingCode`): the server answers their password alone with "code required",
 * and the same call with the code gives the token. The call itself and storing the session arrive
 * from React via `.provide()`: actor `signIn`, action `storeSession`.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface Credentials {
  identifier: string;
  password: string;
  remember: boolean;
  /** The authenticator's code or a recovery code, once the server asked for one. */
  code?: string;
}

export interface SignInResult {
  token: string;
  /** Whose the session is: what they queue on the device is sent only with it. */
  user?: { id: number };
}

export type LoginErrorKind = 'wrongCredentials' | 'wrongCode' | 'throttled' | 'network' | 'other';

export type LoginField = 'identifier' | 'password' | 'code';

export interface LoginContext extends Credentials {
  code: string;
  fieldErrors: Partial<Record<LoginField, string>>;
  errorKind: LoginErrorKind | null;
  errorMessage: string | null;
}

export type LoginEvent =
  | { type: 'field.change'; field: LoginField; value: string }
  | { type: 'remember.change'; value: boolean }
  | { type: 'form.submit' }
  /** Leaves the code step for the password form (another account, or a mistyped password). */
  | { type: 'code.back' };

export const LOGIN_MESSAGES: Record<LoginErrorKind, string> = {
  wrongCredentials: 'Wrong email/phone or password.',
  wrongCode: 'That code is not right. Enter the current code from your app, or an unused recovery code.',
  throttled: 'Too many sign-in attempts. Please wait a minute and try again.',
  network: 'No connection to the server. Check your network and try again.',
  other: 'Sign-in failed. Please try again.',
};

export const REQUIRED_MESSAGES: Record<LoginField, string> = {
  identifier: 'Email or phone is required.',
  password: 'Password is required.',
  code: 'Enter the code from your authenticator app.',
};

/** The server's "code required" / "wrong code": a 401 whose errors name the code. */
export const isCodeAnswer = (error: unknown) =>
  (error as { status?: unknown } | null)?.status === 401 &&
  typeof (error as { errors?: Record<string, unknown> }).errors?.code === 'string';

/** Errors carry an HTTP status (0 = no answer); anything else is an unexpected failure. */
export function loginErrorKind(error: unknown): LoginErrorKind {
  const status = (error as { status?: unknown } | null)?.status;
  if (status === 401) return isCodeAnswer(error) ? 'wrongCode' : 'wrongCredentials';
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

const credentials = (context: LoginContext, withCode: boolean): Credentials => ({
  identifier: context.identifier.trim(),
  password: context.password,
  remember: context.remember,
  ...(withCode ? { code: context.code.trim() } : {}),
});

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    signIn: fromPromise<SignInResult, Credentials>(() => Promise.reject(new Error('signIn not provided'))),
  },
  actions: {
    storeSession: (_, _params: { token: string; remember: boolean; userId?: number }) => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field];
      return { [event.field]: event.value, fieldErrors };
    }),
    setRemember: assign({ remember: ({ event }) => (event.type === 'remember.change' ? event.value : false) }),
    showMissingFields: assign({ fieldErrors: ({ context }) => missingFields(context) }),
    showMissingCode: assign({ fieldErrors: { code: REQUIRED_MESSAGES.code } }),
    forgetCode: assign({ code: '', password: '' }),
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
    hasNoCode: ({ context }) => context.code.trim() === '',
    asksForCode: ({ event }) => isCodeAnswer((event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'login',
  context: { identifier: '', password: '', code: '', remember: false, fieldErrors: {}, errorKind: null, errorMessage: null },
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
        input: ({ context }) => credentials(context, false),
        onDone: {
          target: 'signedIn',
          actions: {
            type: 'storeSession',
            params: ({ context, event }) => ({
              token: event.output.token,
              remember: context.remember,
              userId: event.output.user?.id,
            }),
          },
        },
        onError: [
          // The password was right; the account also needs a code from the user's app.
          { guard: 'asksForCode', target: 'codeEntry' },
          { target: 'error', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    codeEntry: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'hasNoCode', actions: 'showMissingCode' },
          { target: 'verifyingCode', actions: 'clearError' },
        ],
        'code.back': { target: 'editing', actions: ['clearError', 'forgetCode'] },
      },
    },
    verifyingCode: {
      invoke: {
        src: 'signIn',
        input: ({ context }) => credentials(context, true),
        onDone: {
          target: 'signedIn',
          actions: {
            type: 'storeSession',
            params: ({ context, event }) => ({
              token: event.output.token,
              remember: context.remember,
              userId: event.output.user?.id,
            }),
          },
        },
        onError: { target: 'codeEntry', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    error: {
      on: {
        'field.change': { target: 'editing', actions: 'setField' },
        'remember.change': { actions: 'setRemember' },
        // The fields were whole when they were sent, and a change leaves for `editing`.
        'form.submit': { target: 'signingIn', actions: 'clearError' },
      },
    },
    signedIn: { type: 'final' },
  },
});
