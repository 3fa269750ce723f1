/**
 * Deleting one row of a list: `idle` → `confirming` (the 'Delete Confirmation' dialog) →
 * `deleting` → `idle`. A refused or failed delete stays in `confirming` with the error shown, so
 * the user can retry or close. Effects from React: actor `deleteItem`, action `notifyDeleted`.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface DeleteTarget {
  id: string;
  label: string;
}

export interface DeleteConfirmContext {
  target: DeleteTarget | null;
  errorMessage: string | null;
}

export type DeleteConfirmEvent =
  ({ type: 'delete.request' } & DeleteTarget) | { type: 'delete.cancel' } | { type: 'delete.confirm' };

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Deleting failed. Please try again.';
}

export const deleteConfirmMachine = setup({
  types: {
    context: {} as DeleteConfirmContext,
    events: {} as DeleteConfirmEvent,
  },
  actors: {
    deleteItem: fromPromise<void, DeleteTarget>(() => Promise.reject(new Error('deleteItem not provided'))),
  },
  actions: {
    notifyDeleted: (_, _params: DeleteTarget) => {},
    selectTarget: assign(({ event }) =>
      event.type === 'delete.request' ? { target: { id: event.id, label: event.label }, errorMessage: null } : {},
    ),
    clearTarget: assign({ target: null, errorMessage: null }),
    clearError: assign({ errorMessage: null }),
    showError: assign((_, params: { error: unknown }) => ({ errorMessage: messageOf(params.error) })),
  },
}).createMachine({
  id: 'deleteConfirm',
  context: { target: null, errorMessage: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'delete.request': { target: 'confirming', actions: 'selectTarget' } },
    },
    confirming: {
      on: {
        'delete.cancel': { target: 'idle', actions: 'clearTarget' },
        'delete.confirm': { target: 'deleting', actions: 'clearError' },
      },
    },
    deleting: {
      invoke: {
        src: 'deleteItem',
        input: ({ context }) => context.target!,
        onDone: {
          target: 'idle',
          actions: [{ type: 'notifyDeleted', params: ({ context }) => context.target! }, 'clearTarget'],
        },
        onError: { target: 'confirming', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
