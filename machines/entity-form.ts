/**
 * The create/edit form of any entity. What the user sees:
 * - `loading` the record (edit mode), or `loadFailed` with Retry; a record just created (the form
 *   reopened at its new address) shows the success alert once loaded;
 * - `editing` the fields;
 * - `saving.sending` (button disabled, spinner);
 * - `saving.waitingForConnection` when the save could not reach the server; Cancel stops it;
 * - `success` (the green alert) for `successMs`, then `editing` again; or, after "Save and add
 *   another" (`form.submit` with `andNew`), `editing` a new, empty record at once;
 * - the same `saving` and `success` for "Save draft" (`form.saveDraft`, intent `draft`): changes to
 *   live content kept on the server without touching what visitors see; `form.reload` starts
 *   again from the stored record (after a draft was discarded);
 * - `conflict` when someone else saved the record since it was opened (the server's 409): the
 *   user's values and the stored ones side by side, field by field; the user picks a side per
 *   field or for all, then `resolving` builds the chosen values on the stored version and saves
 *   them (another conflict comes back here with the newer record).
 * A refused save returns to `editing` with the server's message and field errors; what the user
 * typed is never dropped.
 *
 * The save itself has one owner: the `save` actor (a persisted TanStack mutation in the app) sends,
 * waits for the connection, retries and survives a reload. The machine only follows what it
 * reports: `save.waiting`, `save.resumed`, then `save.landed` or `save.failed`. Effects arrive from
 * React via `.provide()`: actors `load` and `save`; actions `notifySaved` and `cancelSave`.
 */
import { assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';

export type FormValues = Record<string, unknown>;
export type FieldErrors = Record<string, string>;

/** What a submit asks for: a save of the record, or of a draft of it that visitors do not see yet. */
export type SaveIntent = 'save' | 'draft';

export interface SaveInput {
  /** Undefined while creating (POST); the record's key once it exists (PUT). */
  id: string | undefined;
  intent: SaveIntent;
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
  /** The record was just created (the form opened at its new address): once loaded, the success alert shows. */
  justCreated?: boolean;
}

/** Which side a field takes when a conflict is resolved. */
export type Side = 'yours' | 'theirs';

export interface Conflict {
  /** What the user was saving. */
  yours: FormValues;
  /** The record as someone else saved it (the 409's `current`, as form values). */
  theirs: FormValues;
  /** The fields whose values differ. */
  fields: string[];
  /** The side each differing field takes. */
  choices: Record<string, Side>;
  /** Who saved the stored record, and when, when the server knows. */
  savedBy: { name: string | null; at: string } | null;
}

export interface EntityFormContext {
  id: string | undefined;
  /** What the current or last save was for (the success alert says which). */
  intent: SaveIntent;
  conflict: Conflict | null;
  keyField: string;
  values: FormValues;
  fieldErrors: FieldErrors;
  errorMessage: string | null;
  idempotencyKey: string;
  successMs: number;
  validate: (values: FormValues) => FieldErrors;
  /** After the save that is under way, start a new record ("Save and add another"). */
  andNew: boolean;
  /** The values a new record starts with. */
  initialValues: FormValues;
  justCreated: boolean;
}

/** What the save actor reports about the save it owns. */
export type SaveEvent =
  | { type: 'save.waiting' }
  | { type: 'save.resumed' }
  | { type: 'save.landed'; record: FormValues }
  | { type: 'save.failed'; error: unknown };

export type EntityFormEvent =
  | { type: 'field.change'; field: string; value: unknown }
  | { type: 'form.submit'; andNew?: boolean }
  | { type: 'form.saveDraft' }
  | { type: 'form.reload' }
  | { type: 'form.retryLoad' }
  | { type: 'form.cancelWaiting' }
  | { type: 'conflict.choose'; field: string; side: Side }
  | { type: 'conflict.chooseAll'; side: Side }
  | { type: 'conflict.save' }
  /** An edit saved earlier on this device was refused as stale: compare it with the loaded record. */
  | { type: 'conflict.restore'; yours: FormValues }
  | SaveEvent;

export const SUCCESS_MS_DEFAULT = 3000;

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Saving failed. Please try again.';
}

/** The stored record of a 409 (someone saved since), as form values, or undefined for other failures. */
export function conflictRecord(error: unknown): FormValues | undefined {
  const { status, current } = (error ?? {}) as { status?: unknown; current?: unknown };
  return status === 409 && current && typeof current === 'object' ? (current as FormValues) : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields two versions of a record differ in, each kept as `yours` until chosen (also the Review card's refused step). */
export function openConflict(yours: FormValues, theirs: FormValues, savedBy: Conflict['savedBy']): Conflict {
  const fields = Object.keys(yours).filter((name) => name !== 'id' && name !== 'version' && !same(yours[name], theirs[name]));
  return { yours, theirs, fields, choices: Object.fromEntries(fields.map((name) => [name, 'yours' as Side])), savedBy };
}

function savedByOf(error: unknown): Conflict['savedBy'] {
  const savedBy = (error as { savedBy?: Conflict['savedBy'] } | null)?.savedBy;
  return savedBy ?? null;
}

function errorsOf(error: unknown): FieldErrors {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return errors && typeof errors === 'object' ? { ...(errors as FieldErrors) } : {};
}

/** Save draft and reload, the same while editing and while the success alert shows. */
const draftEvents = {
  'form.saveDraft': {
    guard: 'canSaveDraft',
    target: 'saving',
    actions: { type: 'startAttempt', params: { intent: 'draft' } },
  },
  'form.reload': { guard: 'isEditingExisting', target: 'loading' },
} as const;

/** A submit's attempt: a save, and whether a new record follows it. */
const submitParams = ({ event }: { event: EntityFormEvent }) => ({
  intent: 'save' as const,
  andNew: event.type === 'form.submit' && event.andNew === true,
});

/** What the app is told when a save landed (a toast; after a create, the record's own address). */
const notifySaved = {
  type: 'notifySaved',
  params: ({ context, event }: { context: EntityFormContext; event: EntityFormEvent }) => ({
    record: event.type === 'save.landed' ? event.record : {},
    created: context.id === undefined,
    intent: context.intent,
    andNew: context.andNew,
  }),
} as const;

export const entityFormMachine = setup({
  types: {
    context: {} as EntityFormContext,
    events: {} as EntityFormEvent,
    input: {} as EntityFormInput,
  },
  actors: {
    load: fromPromise<FormValues, { id: string }>(() => Promise.reject(new Error('load not provided'))),
    save: fromCallback<EventObject, SaveInput>(({ sendBack }) => {
      sendBack({ type: 'save.failed', error: new Error('save not provided') });
    }),
  },
  actions: {
    notifySaved: (_, _params: { record: FormValues; created: boolean; intent: SaveIntent; andNew: boolean }) => {},
    /** Stops the save for good: no further attempt, nothing left to replay after a reload. */
    cancelSave: (_, _params: { idempotencyKey: string }) => {},
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
    startAttempt: assign((_, params: { intent: SaveIntent; andNew?: boolean }) => ({
      intent: params.intent,
      andNew: params.andNew === true,
      idempotencyKey: crypto.randomUUID(),
      fieldErrors: {},
      errorMessage: null,
    })),
    storeSaved: assign(({ context }, params: { record: FormValues }) => {
      const key = params.record[context.keyField];
      // Write-only fields (passwords) never come back; the server's copy replaces the rest.
      return { values: params.record, id: key === undefined || key === null ? context.id : String(key) };
    }),
    forgetCreated: assign({ justCreated: false }),
    startNew: assign(({ context }) => ({
      values: context.initialValues,
      id: undefined,
      fieldErrors: {},
      errorMessage: null,
      andNew: false,
    })),
    showSaveError: assign((_, params: { error: unknown }) => ({
      errorMessage: messageOf(params.error),
      fieldErrors: errorsOf(params.error),
    })),
    showCancelled: assign({ errorMessage: 'Saving was cancelled; your changes are still here.' }),
    openConflict: assign(({ context }, params: { theirs: FormValues; savedBy: Conflict['savedBy'] }) => ({
      conflict: openConflict(context.values, params.theirs, params.savedBy),
      errorMessage: null,
      fieldErrors: {},
    })),
    openStoredConflict: assign(({ context, event }) => {
      if (event.type !== 'conflict.restore') return {};
      const yours = { ...event.yours, id: context.values.id, version: context.values.version };
      return { values: yours, conflict: openConflict(yours, context.values, null) };
    }),
    choose: assign(({ context, event }) => {
      if (event.type !== 'conflict.choose' || !context.conflict) return {};
      return { conflict: { ...context.conflict, choices: { ...context.conflict.choices, [event.field]: event.side } } };
    }),
    chooseAll: assign(({ context, event }) => {
      if (event.type !== 'conflict.chooseAll' || !context.conflict) return {};
      const { fields } = context.conflict;
      return { conflict: { ...context.conflict, choices: Object.fromEntries(fields.map((name) => [name, event.side])) } };
    }),
    /** The chosen values, on the stored record's version: the next save is based on what is stored now. */
    applyChoices: assign(({ context }) => {
      const { yours, theirs, choices } = context.conflict!;
      const values: FormValues = { ...yours, version: theirs.version };
      for (const [name, side] of Object.entries(choices)) values[name] = side === 'yours' ? yours[name] : theirs[name];
      return { values, conflict: null };
    }),
  },
  guards: {
    isEditingExisting: ({ context }) => context.id !== undefined,
    startsNew: ({ context }) => context.andNew,
    justCreated: ({ context }) => context.justCreated,
    /** A draft exists only of a record that exists. */
    canSaveDraft: ({ context }) => context.id !== undefined,
    hasInvalidFields: ({ context }) => Object.keys(context.validate(context.values)).length > 0,
    isConflict: ({ event }) => event.type === 'save.failed' && conflictRecord(event.error) !== undefined,
  },
  delays: {
    successAlert: ({ context }) => context.successMs,
  },
}).createMachine({
  id: 'entityForm',
  context: ({ input }) => ({
    id: input.id,
    intent: 'save',
    conflict: null,
    keyField: input.keyField ?? 'id',
    values: input.initialValues ?? {},
    fieldErrors: {},
    errorMessage: null,
    idempotencyKey: '',
    successMs: input.successMs ?? SUCCESS_MS_DEFAULT,
    validate: input.validate ?? (() => ({})),
    andNew: false,
    initialValues: input.initialValues ?? {},
    justCreated: input.justCreated === true,
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
        onDone: [
          {
            guard: 'justCreated',
            target: 'success',
            actions: [{ type: 'setLoaded', params: ({ event }) => ({ record: event.output }) }, 'forgetCreated'],
          },
          { target: 'editing', actions: { type: 'setLoaded', params: ({ event }) => ({ record: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'showLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'form.retryLoad': 'loading' },
    },
    editing: {
      on: {
        'conflict.restore': { target: 'conflict', actions: 'openStoredConflict' },
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'hasInvalidFields', actions: 'showInvalidFields' },
          { target: 'saving', actions: { type: 'startAttempt', params: submitParams } },
        ],
        ...draftEvents,
      },
    },
    saving: {
      invoke: {
        src: 'save',
        input: ({ context }) => ({
          id: context.id,
          intent: context.intent,
          values: context.values,
          idempotencyKey: context.idempotencyKey,
        }),
      },
      initial: 'sending',
      states: {
        sending: {
          on: { 'save.waiting': 'waitingForConnection' },
        },
        waitingForConnection: {
          on: {
            'save.resumed': 'sending',
            'form.cancelWaiting': {
              target: '#entityForm.editing',
              actions: [
                { type: 'cancelSave', params: ({ context }) => ({ idempotencyKey: context.idempotencyKey }) },
                'showCancelled',
              ],
            },
          },
        },
      },
      on: {
        'save.landed': [
          { guard: 'startsNew', target: 'editing', actions: [notifySaved, 'startNew'] },
          {
            target: 'success',
            actions: [notifySaved, { type: 'storeSaved', params: ({ event }) => ({ record: event.record }) }],
          },
        ],
        'save.failed': [
          {
            guard: 'isConflict',
            target: 'conflict',
            actions: {
              type: 'openConflict',
              params: ({ event }) => ({ theirs: conflictRecord(event.error)!, savedBy: savedByOf(event.error) }),
            },
          },
          { target: 'editing', actions: { type: 'showSaveError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    conflict: {
      on: {
        'conflict.choose': { actions: 'choose' },
        'conflict.chooseAll': { actions: 'chooseAll' },
        'conflict.save': 'resolving',
      },
    },
    resolving: {
      entry: 'applyChoices',
      always: [
        { guard: 'hasInvalidFields', target: 'editing', actions: 'showInvalidFields' },
        { target: 'saving', actions: { type: 'startAttempt', params: { intent: 'save' } } },
      ],
    },
    success: {
      after: { successAlert: 'editing' },
      on: {
        // The alert stays its full time even while the user goes on typing.
        'field.change': { actions: 'setField' },
        'form.submit': [
          { guard: 'hasInvalidFields', target: 'editing', actions: 'showInvalidFields' },
          { target: 'saving', actions: { type: 'startAttempt', params: submitParams } },
        ],
        ...draftEvents,
      },
    },
  },
});
