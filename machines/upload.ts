/**
 * Uploading one file to the media store. `idle` (a file may be chosen) → `noFileError` when Upload
 * is pressed without one, or `uploading` with progress 0 → 100 → `succeeded` / `failed`. The
 * transfer is a callback actor from React (`upload`) that reports `upload.progress`, then
 * `upload.done` or `upload.fail`; action `notifyUploaded` lets the file list refresh. Before it
 * sends, the transfer may report `upload.queued`: the file is kept on the device (made smaller
 * first, so it says both sizes) under the token a record can name it by while it uploads.
 */
import { assign, fromCallback, setup } from 'xstate';

/** A browser File, or anything with a name that can be sent (tests use Node's File). */
export type UploadFile = Blob & { name: string };

export interface UploadedFile {
  name: string;
  url: string;
}

export const UPLOAD_MESSAGES = {
  noFile: 'Please select a file to upload.',
  succeeded: 'File uploaded successfully!',
  failed: 'File upload failed. Please try again.',
} as const;

/** A file kept on the device for the transfer: its token, and its size as chosen and as sent. */
export interface QueuedFile {
  id: string;
  originalSize: number;
  size: number;
}

export interface UploadContext {
  file: UploadFile | null;
  queued: QueuedFile | null;
  progress: number;
  uploaded: UploadedFile | null;
  /** The server's reason for refusing (type not allowed, too large), shown under the failure text. */
  reason: string | null;
}

export type UploadEvent =
  | { type: 'file.choose'; file: UploadFile | null }
  | { type: 'upload.start' }
  | { type: 'upload.queued'; queued: QueuedFile }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; file: UploadedFile }
  | { type: 'upload.fail'; reason: string | null };

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
  },
  actors: {
    upload: fromCallback<UploadEvent, { file: UploadFile }>(({ sendBack }) => {
      sendBack({ type: 'upload.fail', reason: 'upload not provided' });
    }),
  },
  actions: {
    notifyUploaded: (_, _params: UploadedFile) => {},
    chooseFile: assign(({ event }) =>
      event.type === 'file.choose' ? { file: event.file, progress: 0, uploaded: null, reason: null } : {},
    ),
    startProgress: assign({ progress: 0, uploaded: null, reason: null, queued: null }),
    storeQueued: assign(({ event }) => (event.type === 'upload.queued' ? { queued: event.queued } : {})),
    setProgress: assign(({ context, event }) =>
      event.type === 'upload.progress'
        ? // Progress only moves forward and stays within 0..100 whatever the transport reports.
          { progress: Math.max(context.progress, Math.min(100, Math.max(0, Math.round(event.percent)))) }
        : {},
    ),
    storeUploaded: assign(({ event }) =>
      event.type === 'upload.done' ? { uploaded: event.file, progress: 100, file: null } : {},
    ),
    storeReason: assign(({ event }) => (event.type === 'upload.fail' ? { reason: event.reason } : {})),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
  },
}).createMachine({
  id: 'upload',
  context: { file: null, queued: null, progress: 0, uploaded: null, reason: null },
  initial: 'idle',
  on: {
    'file.choose': { target: '.idle', actions: 'chooseFile' },
  },
  states: {
    idle: {
      on: {
        'upload.start': [{ guard: 'hasFile', target: 'uploading' }, { target: 'noFileError' }],
      },
    },
    // Leaves only when a file is chosen (the root `file.choose`).
    noFileError: {},
    uploading: {
      entry: 'startProgress',
      invoke: { src: 'upload', input: ({ context }) => ({ file: context.file! }) },
      on: {
        // A new choice must not cancel a transfer in flight.
        'file.choose': {},
        'upload.queued': { actions: 'storeQueued' },
        'upload.progress': { actions: 'setProgress' },
        'upload.done': {
          target: 'succeeded',
          actions: ['storeUploaded', { type: 'notifyUploaded', params: ({ event }) => event.file }],
        },
        'upload.fail': { target: 'failed', actions: 'storeReason' },
      },
    },
    // The file went with the upload (storeUploaded): pressing Upload again asks for a new one.
    succeeded: {
      on: { 'upload.start': 'noFileError' },
    },
    // The file stays for another try; a new choice leaves for `idle` (the root's `file.choose`).
    failed: {
      on: { 'upload.start': 'uploading' },
    },
  },
});
