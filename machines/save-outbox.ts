/**
 * One staff save in the device's outbox (or a review step, issue 61, which is sent the same way), from the moment it is made until the server has it or
 * refused it. The save itself is a TanStack Query mutation (src/client/pwa/entity-saves.ts): it
 * waits for the connection, retries and survives a reload on its own. This chart is what that
 * mutation goes through, as the outbox tells it (src/client/pwa/save-outbox.ts). While it is
 * `outgoing`:
 * - `queued`: made, not yet heard from;
 * - `sending`: on its way to the server;
 * - `waitingForConnection`: paused offline, or tried with no answer and due to be tried again;
 * - `cancelled`: staff cancelled it before it went (it is never sent, nor kept for after a reload).
 * Then it ends:
 * - `landed`: the server has it;
 * - `conflictKept`: refused because someone saved the record first; the edit is kept on the device
 *   for its form to compare (never dropped), a review step for its Review card to show beside the
 *   record as it is now (never applied to it);
 * - `refused`: any other refusal (validation, rights, a cancelled save's next attempt), not tried again.
 *
 * A save restored after a reload starts again at `queued`, as a new run: the page that made it is gone.
 * Effects from the app: `tellWaiting`, `tellResumed`, `tellLanded`, `tellRefused` (the form following
 * the save, if one is), `keepConflictedEdit`.
 */
import { assign, setup } from 'xstate';

export type SaveIntent = 'save' | 'draft' | 'publish';

/** Which record a save is for (what the inspector shows of it: the edited values stay out). */
export interface SaveOutboxInput {
  resource: string;
  id?: string;
  intent?: SaveIntent;
  locale?: string;
  /** A review step or comment (issue 61) rather than an edit: it goes the same way, and meets the same version check. */
  review?: string;
}

export interface SaveOutboxContext {
  resource: string;
  /** The record's key; null for a new record, which cannot conflict with anyone's. */
  id: string | null;
  intent: SaveIntent;
  locale: string | null;
  review: string | null;
  /** The server's words when it refused, for the log. */
  refusal: string | null;
}

export type SaveOutboxEvent =
  /** The mutation runs a request. */
  | { type: 'save.sending' }
  /** Offline: the mutation waits for the browser's connection before its next request. */
  | { type: 'save.paused' }
  /** A request got no answer: the mutation tries again after a pause. */
  | { type: 'save.unanswered' }
  | { type: 'save.landed'; record: Record<string, unknown> }
  | { type: 'save.refused'; error: unknown }
  /** The mutation left the outbox unsent (cancelled by staff, or at sign-out). */
  | { type: 'save.cancel' };

/** Someone saved the record first: the server's refusal carries what is stored now. */
const carriesCurrent = (error: unknown) =>
  typeof error === 'object' && error !== null && Boolean((error as { current?: unknown }).current);

function refusalOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : String(error);
}

export const saveOutboxMachine = setup({
  types: {
    context: {} as SaveOutboxContext,
    events: {} as SaveOutboxEvent,
    input: {} as SaveOutboxInput,
  },
  actions: {
    tellWaiting: () => {},
    tellResumed: () => {},
    tellLanded: (_, _params: { record: Record<string, unknown> }) => {},
    tellRefused: (_, _params: { error: unknown }) => {},
    keepConflictedEdit: () => {},
    storeRefusal: assign(({ event }) => (event.type === 'save.refused' ? { refusal: refusalOf(event.error) } : {})),
  },
  guards: {
    // A new record has no one else's version to meet.
    isConflict: ({ context, event }) => event.type === 'save.refused' && context.id !== null && carriesCurrent(event.error),
  },
}).createMachine({
  id: 'saveOutbox',
  context: ({ input }) => ({
    resource: input.resource,
    id: input.id ?? null,
    intent: input.intent ?? 'save',
    locale: input.locale ?? null,
    review: input.review ?? null,
    refusal: null,
  }),
  initial: 'outgoing',
  states: {
    // Not yet settled. However far it got, its outcome may come next: it can arrive before its
    // progress is heard.
    outgoing: {
      initial: 'queued',
      on: {
        'save.landed': {
          target: 'landed',
          actions: { type: 'tellLanded', params: ({ event }) => ({ record: event.record }) },
        },
        'save.refused': [
          {
            guard: 'isConflict',
            target: 'conflictKept',
            // Kept before the form hears of it: the form compares with this copy, then lets it go.
            actions: [
              'storeRefusal',
              'keepConflictedEdit',
              { type: 'tellRefused', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'refused',
            actions: ['storeRefusal', { type: 'tellRefused', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
        'save.cancel': '.cancelled',
      },
      states: {
        queued: {
          on: {
            'save.sending': 'sending',
            'save.paused': 'waitingForConnection',
            'save.unanswered': 'waitingForConnection',
          },
        },
        sending: {
          on: {
            'save.paused': 'waitingForConnection',
            'save.unanswered': 'waitingForConnection',
          },
        },
        waitingForConnection: {
          entry: 'tellWaiting',
          on: {
            'save.sending': { target: 'sending', actions: 'tellResumed' },
          },
        },
        // Not an end: a request already on its way when staff cancelled still lands or is
        // refused, and an attempt already scheduled is refused as cancelled (the form that
        // cancelled hears it).
        cancelled: {},
      },
    },
    landed: { type: 'final' },
    conflictKept: { type: 'final' },
    refused: { type: 'final' },
  },
});
