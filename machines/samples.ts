/**
 * What the generated tests (generated.test.ts) send each flow: for every state, the events it
 * handles, with payloads that tell its guards apart (an empty field and a filled one, a 409 and
 * another refusal), and the answers of its invoked actors. Payloads are few and fixed, so a walk
 * ends: a value a context holds comes from this list, never from a counter.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { type FlowSamples, invokedEvents } from './graph';

const ofType = (...types: string[]): EventObject[] => types.map((type) => ({ type }));

/** The server's answers a sign-in can get: its token, a code asked for, wrong credentials, no answer. */
const signInErrors = [
  { status: 401, errors: { code: 'Enter the code from your authenticator app.' } },
  { status: 401, message: 'Wrong email/phone or password.' },
  { status: 0 },
];

const login: FlowSamples = {
  events: (snapshot) => [
    { type: 'field.change', field: 'identifier', value: '' },
    { type: 'field.change', field: 'identifier', value: 'staff@example.org' },
    { type: 'field.change', field: 'password', value: 'secret-password' },
    { type: 'field.change', field: 'code', value: '123456' },
    { type: 'remember.change', value: true },
    ...ofType('form.submit', 'code.back'),
    ...invokedEvents(snapshot, { signIn: [{ token: 'token', user: { id: 1 } }] }, { signIn: signInErrors }),
  ],
};

/** A title is required; the stored record; a 409 with what someone else saved. */
const required = (values: Record<string, unknown>) => (values.title ? {} : { title: 'Title is required.' });
const stored = { id: 7, title: 'Stored', version: 2 };
const conflict = { status: 409, current: { id: 7, title: 'Theirs', version: 3 }, savedBy: null };

const entityForm: FlowSamples = {
  inputs: [{ validate: required }, { id: '7', validate: required }, { id: '7', validate: required, justCreated: true }],
  events: (snapshot: AnyMachineSnapshot) => [
    { type: 'field.change', field: 'title', value: '' },
    { type: 'field.change', field: 'title', value: 'Mine' },
    { type: 'form.submit' },
    { type: 'form.submit', andNew: true },
    ...ofType('form.saveDraft', 'form.reload', 'form.retryLoad', 'form.cancelWaiting'),
    ...ofType('save.waiting', 'save.resumed'),
    { type: 'save.landed', record: stored },
    { type: 'save.failed', error: conflict },
    { type: 'save.failed', error: { status: 422, message: 'Title is too long.', errors: { title: 'Too long.' } } },
    { type: 'conflict.restore', yours: { title: 'Kept on the device' } },
    { type: 'conflict.choose', field: 'title', side: 'theirs' },
    { type: 'conflict.chooseAll', side: 'yours' },
    { type: 'conflict.save' },
    ...invokedEvents(snapshot, { load: [stored] }),
  ],
  // A new one for every attempt, by design (the server's once-only key).
  ignore: ['idempotencyKey'],
  // What its guards and its screen's branches read; the values themselves would make thousands.
  key: ({ context }) => ({
    id: context.id !== undefined,
    valid: Boolean(context.values.title),
    andNew: context.andNew,
    justCreated: context.justCreated,
    intent: context.intent,
    conflict: context.conflict !== null,
    error: context.errorMessage !== null,
  }),
};

const deleteConfirm: FlowSamples = {
  events: (snapshot) => [
    { type: 'delete.request', id: '3', label: 'A FAQ' },
    ...ofType('delete.cancel', 'delete.confirm'),
    ...invokedEvents(snapshot, {}),
  ],
};

const restoreConfirm: FlowSamples = {
  events: (snapshot) => [
    { type: 'restore.request', revisionId: 5, version: 4 },
    ...ofType('restore.cancel', 'restore.confirm', 'restore.undo', 'restore.dismiss'),
    ...invokedEvents(snapshot, { restoreRevision: [{ revisionId: 6, version: 5 }, null] }),
  ],
};

const file = { name: 'photo.jpg', size: 1024, type: 'image/jpeg' };
const upload: FlowSamples = {
  events: (snapshot) => [
    { type: 'file.choose', file },
    { type: 'file.choose', file: null },
    { type: 'upload.start' },
    { type: 'upload.queued', queued: { id: 'q1', originalSize: 2048, size: 1024 } },
    { type: 'upload.progress', percent: 50 },
    { type: 'upload.done', file: { name: 'photo.jpg', url: '/uploads/photo.jpg' } },
    { type: 'upload.fail', reason: 'Type not allowed.' },
    ...invokedEvents(snapshot, {}),
  ],
};

const mediaPicker: FlowSamples = {
  inputs: [undefined, { selected: '/uploads/chosen.jpg' }],
  events: (snapshot) => [
    { type: 'file.click', url: '/uploads/a.jpg' },
    { type: 'file.insert', url: '/uploads/b.jpg' },
    ...ofType('selection.insert', 'selection.delete', 'delete.cancel', 'delete.confirm'),
    ...invokedEvents(snapshot, {}),
  ],
};

const galleryTabs: FlowSamples = {
  events: () => [
    ...ofType('tab.image', 'tab.youtube', 'lightbox.next', 'lightbox.previous', 'lightbox.close'),
    { type: 'lightbox.open', index: 0, count: 2 },
    { type: 'lightbox.open', index: 5, count: 2 },
  ],
};

/** A new record, an existing one (only the latter can conflict) and a review step; the server's answers. */
const saveOutbox: FlowSamples = {
  inputs: [
    { resource: 'posts' },
    { resource: 'posts', id: '7', intent: 'publish' },
    { resource: 'posts', id: '7', review: 'approve' },
  ],
  events: () => [
    ...ofType('save.sending', 'save.paused', 'save.unanswered', 'save.cancel'),
    { type: 'save.landed', record: stored },
    { type: 'save.refused', error: { status: 409, message: 'Someone saved it first.', current: stored } },
    { type: 'save.refused', error: { status: 422, message: 'Title is too long.' } },
  ],
};

/** The form as the server drew it: fresh, after its plain post was sent, after it was refused with words. */
const blank = { email: '' };
const drawn = { values: blank, errors: {}, message: null, key: '', waitingKey: '', blank, posted: null };
const publicForm: FlowSamples = {
  inputs: [
    drawn,
    { ...drawn, posted: 'sent' },
    { ...drawn, values: { email: 'a@b' }, posted: 'refused', message: 'Too many tries.', errors: { email: 'Invalid.' } },
  ],
  events: () => [
    { type: 'form.woke', typed: { email: 'typed@example.org' }, key: 'k-page', keptByWorker: false },
    { type: 'form.woke', typed: blank, key: '', keptByWorker: true },
    { type: 'field.change', field: 'email', value: 'me@example.org' },
    { type: 'form.submit', values: { email: '' }, errors: { email: 'Required.' }, newKey: 'k-new' },
    { type: 'form.submit', values: { email: 'me@example.org' }, errors: {}, newKey: 'k-new' },
    { type: 'send.sent' },
    { type: 'send.saved', key: 'k-new' },
    { type: 'send.refused', errors: { email: 'Unknown domain.' }, message: 'Invalid' },
    { type: 'send.refused', errors: {}, message: 'Refused.' },
    { type: 'send.failed', message: 'No connection.' },
    { type: 'note.delivered', ok: true, message: 'Refused later.' },
    { type: 'note.delivered', ok: false, message: 'Refused later.' },
  ],
  // What its guards and its screen read; the values themselves would make too many.
  key: ({ context }) => ({
    posted: context.posted,
    errors: Object.values(context.errors).some(Boolean),
    message: context.message !== null,
    key: context.key !== '',
    waiting: context.waitingKey !== '',
  }),
};

/** Chosen now, made small or not; found after a reload, waiting, paused or refused. Parts of 5 bytes. */
const queuedFile = { name: 'photo.jpg', size: 12, partBytes: 5 };
const uploadQueue: FlowSamples = {
  inputs: [
    { ...queuedFile, start: 'shrinking' },
    { ...queuedFile, start: 'queued' },
    { ...queuedFile, start: 'restoredWaiting', sent: 5 },
    { ...queuedFile, start: 'restoredPaused', sent: 5 },
    { ...queuedFile, start: 'restoredRefused' },
  ],
  events: () => [
    { type: 'upload.kept', size: 8 },
    ...ofType('upload.sending', 'upload.dropped', 'upload.pause', 'upload.resume', 'upload.cancel'),
    { type: 'upload.progress', sent: 6 },
    { type: 'upload.landed', url: '/uploads/photo.jpg' },
    { type: 'upload.refused', reason: 'This type of file is not allowed.' },
  ],
  // What the screen of a run reads; the bytes themselves would make too many.
  key: ({ value, context }) => ({ value, part: context.part, reason: context.reason !== null }),
};

/** Each way of waking, and the facts that decide whether it waits. */
const island = { name: 'subscribe', nearViewport: false, touchedAlready: false, hiddenUntilWoken: false };
const islandWake: FlowSamples = {
  inputs: [
    { ...island, when: 'load' },
    { ...island, when: 'visible' },
    { ...island, when: 'visible', nearViewport: true },
    { ...island, when: 'touch' },
    { ...island, when: 'touch', touchedAlready: true },
    { ...island, when: 'needed' },
  ],
  events: () => [
    { type: 'island.wake', by: 'view' },
    { type: 'island.wake', by: 'touch' },
    { type: 'island.wake', by: 'news' },
    ...ofType('click.held', 'island.answering', 'island.stop'),
    { type: 'island.failed', error: 'Failed to fetch the module.' },
  ],
};

export const SAMPLES: Record<string, FlowSamples> = {
  login,
  'entity-form': entityForm,
  'delete-confirm': deleteConfirm,
  'restore-confirm': restoreConfirm,
  upload,
  'media-picker': mediaPicker,
  'gallery-tabs': galleryTabs,
  'save-outbox': saveOutbox,
  'public-form': publicForm,
  'upload-queue': uploadQueue,
  'island-wake': islandWake,
};
