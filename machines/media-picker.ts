/**
 * The image picker dialog. While `browsing`, clicking a file selects it (a second click keeps it
 * selected: the natural click on a fresh upload must not undo its selection); Insert works only
 * with a selection and ends the picker (`inserted`). Delete asks
 * first (`confirmingDelete`), then `deleting` (Delete disabled), and returns to `browsing` with the
 * selection cleared, or with the error shown. Effects from React: actor `deleteFile`, actions
 * `insertFile` (writes the address into the field) and `notifyDeleted` (refreshes the list).
 */
import { assign, fromPromise, setup } from 'xstate';

export interface MediaPickerContext {
  selected: string | null;
  errorMessage: string | null;
}

export type MediaPickerEvent =
  | { type: 'file.click'; url: string }
  | { type: 'file.insert'; url: string }
  | { type: 'selection.insert' }
  | { type: 'selection.delete' }
  | { type: 'delete.cancel' }
  | { type: 'delete.confirm' };

function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Deleting the file failed. Please try again.';
}

export const mediaPickerMachine = setup({
  types: {
    context: {} as MediaPickerContext,
    events: {} as MediaPickerEvent,
    input: {} as { selected?: string | null } | undefined,
  },
  actors: {
    deleteFile: fromPromise<void, { url: string }>(() => Promise.reject(new Error('deleteFile not provided'))),
  },
  actions: {
    insertFile: (_, _params: { url: string }) => {},
    notifyDeleted: (_, _params: { url: string }) => {},
    // Clicking the selected file again deselects it (spec §2.2); any other file becomes the selection.
    toggle: assign(({ context, event }) =>
      event.type === 'file.click' ? { selected: context.selected === event.url ? null : event.url, errorMessage: null } : {},
    ),
    clearSelection: assign({ selected: null }),
    clearError: assign({ errorMessage: null }),
    showError: assign((_, params: { error: unknown }) => ({ errorMessage: messageOf(params.error) })),
  },
  guards: {
    hasSelection: ({ context }) => context.selected !== null,
  },
}).createMachine({
  id: 'mediaPicker',
  context: ({ input }) => ({ selected: input?.selected ?? null, errorMessage: null }),
  initial: 'browsing',
  states: {
    browsing: {
      on: {
        'file.click': { actions: 'toggle' },
        // A double click picks the file at once, whatever its two clicks did to the selection.
        'file.insert': {
          target: 'inserted',
          actions: [
            assign(({ event }) => ({ selected: event.url })),
            { type: 'insertFile', params: ({ event }) => ({ url: event.url }) },
          ],
        },
        'selection.insert': {
          guard: 'hasSelection',
          target: 'inserted',
          actions: { type: 'insertFile', params: ({ context }) => ({ url: context.selected! }) },
        },
        'selection.delete': { guard: 'hasSelection', target: 'confirmingDelete', actions: 'clearError' },
      },
    },
    confirmingDelete: {
      on: {
        'delete.cancel': 'browsing',
        'delete.confirm': 'deleting',
      },
    },
    deleting: {
      invoke: {
        src: 'deleteFile',
        input: ({ context }) => ({ url: context.selected! }),
        onDone: {
          target: 'browsing',
          actions: [{ type: 'notifyDeleted', params: ({ context }) => ({ url: context.selected! }) }, 'clearSelection'],
        },
        onError: { target: 'browsing', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    inserted: { type: 'final' },
  },
});
