/**
 * Restoring an earlier version from a record's History: `idle` → `confirming` (the dialog names
 * the version and whether it will be public at once) → `restoring` → `restored` (the toast says
 * what happened, with Undo) → `idle`. Undo (`restore.undo` while `restored`) restores the version
 * the restore replaced → `undoing` → `idle`. A failed restore stays in `confirming` with the error
 * shown. Effects from React: actors `restoreRevision` (answers the revision that Undo brings
 * back) and `undoRestore`; actions `notifyRestored`, `notifyUndone`.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface RestoreTarget {
  revisionId: number;
  version: number;
}

/** What a restore replaced: the revision that holds it, which Undo restores. */
export interface RestoreUndo {
  revisionId: number;
  version: number;
}

export interface RestoreConfirmContext {
  target: RestoreTarget | null;
  undo: RestoreUndo | null;
  errorMessage: string | null;
}

export type RestoreConfirmEvent =
  | ({ type: 'restore.request' } & RestoreTarget)
  | { type: 'restore.cancel' }
  | { type: 'restore.confirm' }
  | { type: 'restore.undo' }
  | { type: 'restore.dismiss' };

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Restoring failed. Please try again.';
}

export const restoreConfirmMachine = setup({
  types: {
    context: {} as RestoreConfirmContext,
    events: {} as RestoreConfirmEvent,
  },
  actors: {
    restoreRevision: fromPromise<RestoreUndo | null, RestoreTarget>(() =>
      Promise.reject(new Error('restoreRevision not provided')),
    ),
    undoRestore: fromPromise<void, RestoreUndo>(() => Promise.reject(new Error('undoRestore not provided'))),
  },
  actions: {
    notifyRestored: (_, _params: { target: RestoreTarget; undo: RestoreUndo | null }) => {},
    notifyUndone: (_, _params: { target: RestoreTarget; undo: RestoreUndo }) => {},
    notifyUndoFailed: (_, _params: { error: unknown }) => {},
    selectTarget: assign(({ event }) =>
      event.type === 'restore.request'
        ? { target: { revisionId: event.revisionId, version: event.version }, undo: null, errorMessage: null }
        : {},
    ),
    clear: assign({ target: null, undo: null, errorMessage: null }),
    clearError: assign({ errorMessage: null }),
    showError: assign((_, params: { error: unknown }) => ({ errorMessage: messageOf(params.error) })),
  },
  guards: {
    canUndo: ({ context }) => context.undo !== null,
  },
}).createMachine({
  id: 'restoreConfirm',
  context: { target: null, undo: null, errorMessage: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'restore.request': { target: 'confirming', actions: 'selectTarget' } },
    },
    confirming: {
      on: {
        'restore.cancel': { target: 'idle', actions: 'clear' },
        'restore.confirm': { target: 'restoring', actions: 'clearError' },
      },
    },
    restoring: {
      invoke: {
        src: 'restoreRevision',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'restored',
          actions: [
            assign({ undo: ({ event }) => event.output }),
            { type: 'notifyRestored', params: ({ context, event }) => ({ target: context.target!, undo: event.output }) },
          ],
        },
        onError: { target: 'confirming', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // The toast with Undo shows; another restore may be asked for meanwhile.
    restored: {
      on: {
        'restore.undo': { guard: 'canUndo', target: 'undoing' },
        'restore.dismiss': { target: 'idle', actions: 'clear' },
        'restore.request': { target: 'confirming', actions: 'selectTarget' },
      },
    },
    undoing: {
      invoke: {
        src: 'undoRestore',
        input: ({ context }) => context.undo!,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'notifyUndone', params: ({ context }) => ({ target: context.target!, undo: context.undo! }) },
            'clear',
          ],
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'notifyUndoFailed', params: ({ event }) => ({ error: event.error }) }, 'clear'],
        },
      },
    },
  },
});
