/**
 * A visitor's public form (the contact form, the subscribe box), from the page the server drew to
 * the words sent, as a lean chart (lean.ts): it runs on public pages without XState
 * (site/forms/usePublicForm.ts), and public-form.ts makes its XState machine.
 * - `drawn`: as the server drew it, left at once for what its plain post (no script) came to:
 *   `sent`, `failed` with the server's words (the fields keep what was typed), or `idle`;
 * - the island wakes (`form.woke`) and takes over what was typed before, and the key of a submit
 *   already made; a page shown again by the service worker after keeping a plain post offline
 *   wakes `saved`;
 * - `idle`: being filled in; a submit with missing or wrong fields stays, naming them;
 * - `sending`: sent once (the idempotency key is kept until the words change, so a repeat
 *   is the same submission); a second press is ignored;
 * - `sent`, or `saved` (kept on the device offline, sent by the outbox later, and then told as
 *   sent or refused: `note.delivered`), or `failed` with the words kept for another try.
 * Every answer to a send is taken whatever the form shows by then, as is the outbox's news.
 * Effects from the app: `sendForm`, `focusFirstError`.
 */
import type { LeanChart, LeanImplementations } from './lean';

export type FormFields = Record<string, string>;

export interface PublicFormContext {
  values: FormFields;
  /** Per field, the reason it was refused ('' once changed). */
  errors: FormFields;
  /** Words about the whole form (a refusal, no connection), shown while `failed`. */
  message: string | null;
  /** The idempotency key of the words as they are ('' until a submit makes one). */
  key: string;
  /** A submission kept on the device, told as sent or refused once the outbox delivers it. */
  waitingKey: string;
  /** The form's fields, empty: what a sent form shows. */
  blank: FormFields;
  /** How the server answered this page's plain post, when it was drawn for one. */
  posted: 'sent' | 'refused' | null;
}

export type PublicFormEvent =
  | { type: 'form.woke'; typed: FormFields; key: string; keptByWorker: boolean }
  | { type: 'field.change'; field: string; value: string }
  /** The fields as the form holds them, what checking them found, and a key for a new submission. */
  | { type: 'form.submit'; values: FormFields; errors: FormFields; newKey: string }
  | { type: 'send.sent' }
  | { type: 'send.saved'; key: string }
  | { type: 'send.refused'; errors: FormFields; message: string }
  /** No connection and nowhere to keep it, or the server asks to come back later: the words say which. */
  | { type: 'send.failed'; message: string }
  | { type: 'note.delivered'; ok: boolean; message: string };

const failed = { target: '.failed', actions: ['storeMessage'] };

export const publicFormChart: LeanChart = {
  id: 'publicForm',
  initial: 'drawn',
  on: {
    'form.woke': [{ guard: 'keptByWorker', target: '.saved', actions: ['adoptTyped'] }, { actions: ['adoptTyped'] }],
    'field.change': { target: '.idle', actions: ['changeField'] },
    'form.submit': [
      { guard: 'hasErrors', target: '.idle', actions: ['showErrors', 'focusFirstError'] },
      { target: '.sending', actions: ['startSending', 'sendForm'] },
    ],
    'send.sent': { target: '.sent', actions: ['clearSent'] },
    'send.saved': { target: '.saved', actions: ['clearSaved'] },
    'send.refused': [{ guard: 'namesAField', target: '.idle', actions: ['showRefusal'] }, failed],
    'send.failed': failed,
    'note.delivered': [
      { guard: 'deliveredOk', target: '.sent', actions: ['forgetWaiting'] },
      { target: '.failed', actions: ['forgetWaiting', 'storeMessage'] },
    ],
  },
  states: {
    drawn: {
      always: [{ guard: 'postedSent', target: 'sent' }, { guard: 'postedWithWords', target: 'failed' }, { target: 'idle' }],
    },
    idle: {},
    sending: {
      on: {
        // A second press while the first is on its way.
        'form.submit': {},
        // New words while it is on its way: a new submission next time, the send goes on.
        'field.change': { actions: ['changeField'] },
      },
    },
    sent: {},
    saved: {},
    failed: {},
  },
};

type Event<T extends PublicFormEvent['type']> = Extract<PublicFormEvent, { type: T }>;

export const publicFormImplementations: LeanImplementations<PublicFormContext, PublicFormEvent> = {
  guards: {
    postedSent: (context) => context.posted === 'sent',
    postedWithWords: (context) => context.posted === 'refused' && Boolean(context.message),
    keptByWorker: (_, event) => (event as Event<'form.woke'>).keptByWorker,
    hasErrors: (_, event) => Object.keys((event as Event<'form.submit'>).errors).length > 0,
    // A refusal about the fields is shown beside them; any other is words about the form.
    namesAField: (context, event) =>
      Object.keys((event as Event<'send.refused'>).errors).some((field) => field in context.values),
    deliveredOk: (_, event) => (event as Event<'note.delivered'>).ok,
  },
  updates: {
    adoptTyped: (context, event) => {
      const { typed, key } = event as Event<'form.woke'>;
      return { values: typed, key: key || context.key };
    },
    changeField: (context, event) => {
      const { field, value } = event as Event<'field.change'>;
      // New words are a new submission.
      return { values: { ...context.values, [field]: value }, errors: { ...context.errors, [field]: '' }, key: '' };
    },
    showErrors: (_, event) => {
      const { values, errors } = event as Event<'form.submit'>;
      return { values, errors, message: null };
    },
    startSending: (context, event) => {
      const { values, newKey } = event as Event<'form.submit'>;
      return { values, errors: {}, message: null, key: context.key || newKey };
    },
    clearSent: (context) => ({ values: context.blank, key: '', waitingKey: '' }),
    clearSaved: (context, event) => ({ values: context.blank, key: '', waitingKey: (event as Event<'send.saved'>).key }),
    showRefusal: (_, event) => ({ errors: (event as Event<'send.refused'>).errors }),
    storeMessage: (_, event) => ({ message: (event as Event<'send.failed' | 'send.refused' | 'note.delivered'>).message }),
    forgetWaiting: () => ({ waitingKey: '' }),
  },
  effects: {
    sendForm: () => {},
    focusFirstError: () => {},
  },
};
