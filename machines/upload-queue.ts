/**
 * One file in staff's upload queue (src/client/admin/media/upload-queue.ts), from the moment it is
 * chosen until it lands or is let go. The queue does the work (making it small, keeping it on the
 * device, sending it over tus in parts, resuming from the server's offset); it tells this chart
 * each step, so the flow inspector shows every upload, and a run exported from a staff member's
 * device replays here. While it is `onDevice`:
 * - `shrinking`: being made small on the device before it is kept;
 * - `queued`: kept on the device, waiting for its turn (one upload runs at a time) or for the
 *   connection;
 * - `resumingAfterReload`: found on the device when the back-office started again; its next send
 *   asks the server how much arrived and sends only the rest;
 * - `sending`: on its way, part n of the file's parts (`part`, `parts`);
 * - `paused`: paused by staff;
 * - `refused`: the server refused it (its type, its size); staff may try again.
 * Then it ends: `landed` (the server has it, with the address it answers at) or `cancelled` (what
 * the server kept of it is removed, and the device forgets it).
 */
import { assign, setup } from 'xstate';

/** How an upload starts: chosen now (made small first, or kept as it is), or found after a reload. */
export interface UploadQueueInput {
  name: string;
  size: number;
  /** The size of each part sent (the queue's tus chunk size). */
  partBytes: number;
  start: 'shrinking' | 'queued' | 'restoredWaiting' | 'restoredPaused' | 'restoredRefused';
  /** Bytes the server had, as the device last knew, for one found after a reload. */
  sent?: number;
}

export interface UploadQueueContext {
  name: string;
  /** Bytes to send: smaller than chosen once made small. */
  size: number;
  partBytes: number;
  sent: number;
  /** The part on its way (1-based) and how many there are. */
  part: number;
  parts: number;
  reason: string | null;
  url: string | null;
  start: UploadQueueInput['start'];
}

export type UploadQueueEvent =
  /** Made small (or not) and kept on the device, at this size. */
  | { type: 'upload.kept'; size: number }
  | { type: 'upload.sending' }
  | { type: 'upload.progress'; sent: number }
  /** No answer, the connection went, or the session is no longer the owner's: it waits again. */
  | { type: 'upload.dropped' }
  | { type: 'upload.pause' }
  /** Resumed after a pause, or tried again after a refusal. */
  | { type: 'upload.resume' }
  | { type: 'upload.landed'; url: string }
  | { type: 'upload.refused'; reason: string }
  | { type: 'upload.cancel' };

const partsOf = (size: number, partBytes: number) => Math.max(1, Math.ceil(size / partBytes));
const partAt = (sent: number, context: Pick<UploadQueueContext, 'size' | 'partBytes'>) =>
  Math.min(partsOf(context.size, context.partBytes), Math.floor(sent / context.partBytes) + 1);

export const uploadQueueMachine = setup({
  types: {
    context: {} as UploadQueueContext,
    events: {} as UploadQueueEvent,
    input: {} as UploadQueueInput,
  },
  actions: {
    storeSize: assign(({ context, event }) =>
      event.type === 'upload.kept' ? { size: event.size, parts: partsOf(event.size, context.partBytes) } : {},
    ),
    storeProgress: assign(({ context, event }) =>
      event.type === 'upload.progress' ? { sent: event.sent, part: partAt(event.sent, context) } : {},
    ),
    startPart: assign(({ context }) => ({ part: partAt(context.sent, context), reason: null })),
    storeRefusal: assign(({ event }) => (event.type === 'upload.refused' ? { reason: event.reason } : {})),
    storeLanded: assign(({ context, event }) =>
      event.type === 'upload.landed' ? { url: event.url, sent: context.size, part: context.parts } : {},
    ),
  },
  guards: {
    startsShrinking: ({ context }) => context.start === 'shrinking',
    restoredWaiting: ({ context }) => context.start === 'restoredWaiting',
    restoredPaused: ({ context }) => context.start === 'restoredPaused',
    restoredRefused: ({ context }) => context.start === 'restoredRefused',
  },
}).createMachine({
  id: 'uploadQueue',
  context: ({ input }) => ({
    name: input.name,
    size: input.size,
    partBytes: input.partBytes,
    sent: input.sent ?? 0,
    part: 0,
    parts: partsOf(input.size, input.partBytes),
    reason: null,
    url: null,
    start: input.start,
  }),
  initial: 'onDevice',
  states: {
    onDevice: {
      initial: 'starting',
      on: { 'upload.cancel': 'cancelled' },
      states: {
        starting: {
          always: [
            { guard: 'startsShrinking', target: 'shrinking' },
            { guard: 'restoredWaiting', target: 'resumingAfterReload' },
            { guard: 'restoredPaused', target: 'paused' },
            { guard: 'restoredRefused', target: 'refused' },
            { target: 'queued' },
          ],
        },
        shrinking: {
          on: { 'upload.kept': { target: 'queued', actions: 'storeSize' } },
        },
        queued: {
          on: {
            'upload.sending': { target: 'sending', actions: 'startPart' },
            'upload.pause': 'paused',
          },
        },
        resumingAfterReload: {
          on: {
            'upload.sending': { target: 'sending', actions: 'startPart' },
            'upload.pause': 'paused',
          },
        },
        sending: {
          on: {
            'upload.progress': { actions: 'storeProgress' },
            'upload.dropped': 'queued',
            'upload.pause': 'paused',
            'upload.refused': { target: 'refused', actions: 'storeRefusal' },
            'upload.landed': { target: '#uploadQueue.landed', actions: 'storeLanded' },
          },
        },
        paused: {
          on: { 'upload.resume': 'queued' },
        },
        refused: {
          on: { 'upload.resume': 'queued' },
        },
      },
    },
    landed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
