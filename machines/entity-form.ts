/**
 * The create/edit form of any entity. What the user sees:
 * - `loading` the record (edit mode), or `loadFailed` with Retry;
 * - `editing` the fields;
 * - `saving` (button disabled, spinner);
 * - `waitingForConnection` when a save could not reach the server: it retries by itself once the
 *   connection is back, with the same idempotency key, so the record is written exactly once;
 * - `success` (the green alert) for `successMs`, then `editing` again.
 * A refused save returns to `editing` with the server's message and field errors; what the user
 * typed is never dropped. Effects arrive from React via `.provide()`: actors `load`, `save`,
 * `waitForConnection`; action `notifySaved`.
 */
import { assign, fromPromise, setup } from 'xstate';

export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

export interface SaveInput {
  /** Undefined while creating (POST); the record's key once it exists (PUT). */
  id: string | undefined;
  values: FormValues;
  /** Same for every retry of one create attempt, so the server can recognise a repeat. */
  idempotencyKey: string;
}

export interface EntityFormInput {
  id?: string;
  initialValues?: FormValues;
  successMs?: number;
  /** Client-side checks the server would also make; returns field → message. */
  validate?: (values: FormValues) => FieldErrors;
  /** The key a saved record is addressed by (default `id`). */
  keyField?: string;
}

export interface EntityFormContext {
  id: string | undefined;
  keyField: string;
  values: FormValues;
  fieldErrors: FieldErrors;
  errorMessage: string | null;
  idempotencyKey: string;
  connectionRetries: number;
  successMs: number;
  validate: (values: FormValues) => FieldErrors;
}

export type EntityFormEvent =
  | { type: 'field.change'; field: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.retryLoad' }
  | { type: 'form.cancelWaiting' };

export const SUCCESS_MS_DEFAULT = 3000;

/** A failure that never reached the server (offline, connection refused): worth waiting for. */
export function isConnectionError(error: unknown): boolean {
  const e = error as { status?: unknown; isNetwork?: unknown } | null;
  return e?.isNetwork === true || e?.status === 0;
}

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Saving failed. Please try again.';
}

function errorsOf(error: unknown): FieldErrors {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? { ...(errors as FieldErrors) } : {};
}

export const entityFormMachine = setup({
  types: {
    context: {} as EntityFormContext,
    events: {} as EntityFormEvent,
    input: {} as EntityFormInput,
  },
  actors: {
    load: fromPromise<FormValues, { id: string }>(() => Promise.reject(new Error('load not provided'))),
    save: fromPromise<FormValues, SaveInput>(() => Promise.reject(new Error('save not provided'))),
    waitForConnection: fromPromise<void, { attempt: number }>(() => Promise.resolve()),
  },
  actions: {
    notifySaved: (_, _params: { record: FormValues; created: boolean }) => {},
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field];
      return { values: { ...context.values, [event.field]: event.value }, fieldErrors };
    }),
    setLoaded: assign((_, params: { record: FormValues }) => ({ values: params.record, errorMessage: null })),
    showLoadError: assign((_, params: { error: unknown }) => ({ errorMessage: messageOf(params.error) })),
    showInvalidFields: assign(({ context }) => ({
      fieldErrors: context.validate(context.values),
      errorMessage: 'Please correct the highlighted fields.',
    })),
    startAttempt: assign({
      idempotencyKey: () => crypto.randomUUID(),
      connectionRetries: 0,
      fieldErrors: {},
      errorMessage: null,
    }),
    countConnectionRetry: assign({ connectionRetries: ({ context }) => context.connectionRetries + 1 }),
    storeSaved: assign(({ context }, params: { record: FormValues }) => {
      const key = params.record[context.keyField];
      // Write-only fields (passwords) never come back; the server's copy replaces the rest.
      return { values: params.record, id: key === undefined || key === null ? context.id : String(key) };
    }),
    showSaveError: assign((_, params: { error: unknown }) => ({
      errorMessage: messageOf(params.error),
      fieldErrors: errorsOf(params.error),
    })),
    showCancelled: assign({ errorMessage: 'Saving was cancelled; your changes are still here.' }),
  },
  guards: {
    isEditingExisting: ({ context }) => context.id !== undefined,
    hasInvalidFields: ({ context }) => Object.keys(context.validate(context.values)).length > 0,
    isConnectionError: (_, params: { error: unknown }) => isConnectionError(params.error),
  },
  delays: {
    successAlert: ({ context }) => context.successMs,
  },
}).createMachine({
  id: 'entityForm',
  context: ({ input }) => ({
    id: input.id,
    keyField: input.keyField ?? 'id',
    values: input.initialValues ?? {},
    fieldErrors: {},
    errorMessage: null,
    idempotencyKey: '',
    connectionRetries: 0,
    successMs: input.successMs ?? SUCCESS_MS_DEFAULT,
    validate: input.validate ?? (() => ({})),
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isEditingExisting', target: 'loading' }, { target: 'editing' }],
    },
    loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ id: context.id! }),
        onDone: { target: 'editing', actions: { type: 'setLoaded', params: ({ event }) => ({ record: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'form.retryLoad': 'loading' },
    },
    editing: {
      on: {
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'hasInvalidFields', actions: 'showInvalidFields' },
          { target: 'saving', actions: 'startAttempt' },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({ id: context.id, values: context.values, idempotencyKey: context.idempotencyKey }),
        onDone: {
          target: 'success',
          actions: [
            {
              type: 'notifySaved',
              params: ({ context, event }) => ({ record: event.output, created: context.id === undefined }),
            },
            { type: 'storeSaved', params: ({ event }) => ({ record: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isConnectionError', params: ({ event }) => ({ error: event.error }) },
            target: 'waitingForConnection',
          },
          { target: 'editing', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    waitingForConnection: {
      invoke: {
        src: 'waitForConnection',
        input: ({ context }) => ({ attempt: context.connectionRetries }),
        onDone: { target: 'saving', actions: 'countConnectionRetry' },
      },
      on: { 'form.cancelWaiting': { target: 'editing', actions: 'showCancelled' } },
    },
    success: {
      after: { successAlert: 'editing' },
      on: {
        // The alert stays its full time even while the user goes on typing.
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'hasInvalidFields', target: 'editing', actions: 'showInvalidFields' },
          { target: 'saving', actions: 'startAttempt' },
        ],
      },
    },
  },
});
