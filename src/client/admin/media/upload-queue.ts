/**
 * Staff's uploads, kept on the device until they land (IndexedDB): they survive a reload, a
 * closed tab and going offline, and carry on by themselves when the connection returns.
 *
 * - A file is made small first (shrink.ts) unless staff keep the original, then kept, then sent
 *   over tus (tus-js-client, 5 MB parts) to /cms/api/tus. After a drop the upload asks the server
 *   how much arrived and sends only the rest; the address it sends to is kept with the file, so a
 *   reload resumes it too.
 * - Each upload has a token from the start: a record may name the picture by its pending
 *   reference (`pending-upload:{token}`) before it lands, and the server puts the address in when
 *   it does (shared/pending-upload.ts).
 * - One upload runs at a time, oldest first: on a thin link one file arriving soon beats several
 *   arriving late. Each can be paused, resumed, retried and cancelled.
 * - The tus client is loaded when the first upload starts, not with the back-office.
 * - Each upload's steps run its chart (machines/upload-queue.ts, through upload-flows.ts), which
 *   the flow inspector shows; XState comes with the first upload, not with the back-office.
 * - Each upload is its owner's (admin/session/session-owner.ts): it is sent only with their
 *   session, and listed only to them. Another person's session on the device holds it for its
 *   owner's next sign-in; signing out discards one's own (discardUploadsOf).
 */
import type { Upload } from 'tus-js-client';
import type { UploadQueueInput } from '../../../../machines/upload-queue';
import { LIMITS } from '../../../shared/limits';
import { newPendingToken } from '../../../shared/pending-upload';
import { buildUrl } from '../../api/http';
import { getToken } from '../../api/session';
import { config } from '../../config';
import { deviceStore } from '../../pwa/device-store';
import { localStorageOrNone } from '../../pwa/local-storage';
import { createStore } from '../../pwa/store';
import { currentOwner, discardedWith, maySend } from '../session/session-owner';
import { subscribeSession } from '../session/session-store';
import { shrinkPhoto } from './shrink';

export type UploadState = 'waiting' | 'uploading' | 'paused' | 'failed' | 'done';

export interface QueuedUpload {
  /** The pending reference's token, and the key on the device. */
  id: string;
  appKey: string;
  name: string;
  blob: Blob;
  /** Bytes as chosen, and as sent (smaller when made small on the device). */
  originalSize: number;
  size: number;
  state: UploadState;
  /** Bytes the server has (as far as this device knows). */
  sent: number;
  /** Where the parts go, once the server gave it: what a reload resumes. */
  uploadUrl?: string;
  /** Why the server refused it (type, size), shown with Retry. */
  error?: string;
  /** What it became. */
  file?: { name: string; url: string };
  /** The stored name of the library's file it replaces. */
  replaces?: string;
  createdAt: number;
  /** Who queued it (session-owner.ts ownerKey); none on uploads queued before owners were kept. */
  owner?: string;
}

/** Tried again this soon after a failed part while the browser says it is online; offline, it waits for `online`. */
const RETRY_DELAYS = [0, 1_000, 3_000, 10_000, 20_000];
/** A landed upload stays listed this long, so the header can say it landed. */
const DONE_SHOWN_MS = 5_000;
const SHRINK_SETTING = 'orgsite.shrinkPhotos';

const kept = deviceStore<QueuedUpload>('staff-uploads', 'uploads', 'id');
const store = createStore<QueuedUpload[]>([]);
const running = new Map<string, Upload>();
let started = false;

/**
 * Pictures that landed during this visit, as the device has them (object URLs by the address they
 * landed at): the library shows a new upload at once, while the server is still making its small
 * copies in the background. The oldest are let go past a few, so the memory they hold stays small.
 */
const landedPictures = new Map<string, string>();
const LANDED_PICTURES_KEPT = 24;

/** The device's copy of a picture that landed during this visit, to show until the page is left. */
export const landedPicture = (url: string): string | undefined => landedPictures.get(url);

function keepLandedPicture(url: string, blob: Blob): void {
  if (!blob.type.startsWith('image/') || typeof URL.createObjectURL !== 'function' || landedPictures.has(url)) return;
  landedPictures.set(url, URL.createObjectURL(blob));
  for (const [oldest, objectUrl] of landedPictures) {
    if (landedPictures.size <= LANDED_PICTURES_KEPT) break;
    URL.revokeObjectURL(objectUrl);
    landedPictures.delete(oldest);
  }
}

/** How much of an upload the server has, in whole percent. */
export const percentSent = (upload: QueuedUpload): number => Math.round((upload.sent / Math.max(1, upload.size)) * 100);

/** The signed-in person's uploads, the same list until the queue or the session changes. */
let shown: { all: QueuedUpload[]; owner: string | null; own: QueuedUpload[] } = { all: [], owner: null, own: [] };
function ownUploads(): QueuedUpload[] {
  const all = store.get();
  const owner = currentOwner();
  if (shown.all !== all || shown.owner !== owner) {
    shown = { all, owner, own: all.filter((upload) => maySend(upload.owner, owner)) };
  }
  return shown.own;
}

/** What the screens list: the signed-in person's uploads only. */
export const uploadQueue = {
  get: ownUploads,
  subscribe(listener: () => void): () => void {
    const stopQueue = store.subscribe(listener);
    const stopSession = subscribeSession(listener);
    return () => {
      stopQueue();
      stopSession();
    };
  },
};

/** The first upload `owner` may send now: the oldest of theirs that waits. */
export const nextToSend = (uploads: readonly QueuedUpload[], owner: string | null): QueuedUpload | undefined =>
  uploads.find((upload) => upload.state === 'waiting' && maySend(upload.owner, owner));

/** Whether photos are made small before they upload on this device (My Profile; on unless turned off). */
export function shrinksPhotos(): boolean {
  return localStorageOrNone()?.getItem(SHRINK_SETTING) !== 'off';
}

export function setShrinksPhotos(on: boolean): void {
  localStorageOrNone()?.setItem(SHRINK_SETTING, on ? 'on' : 'off');
}

const find = (id: string) => store.get().find((upload) => upload.id === id);

/** The uploads' runs, told in order; loaded with the first step told. */
let flowSteps: Promise<unknown> = Promise.resolve();
function tellFlow(step: (flows: typeof import('./upload-flows')) => void): void {
  // The inspector's record of an upload never holds one up: a run that cannot load is not told.
  flowSteps = flowSteps.then(() => import('./upload-flows').then(step)).catch(() => undefined);
}

const followFlow = (id: string, input: Omit<UploadQueueInput, 'partBytes'>) => tellFlow((flows) => flows.follow(id, input));

/** Changes one upload, here and (unless it has landed) on the device. */
async function update(id: string, change: Partial<QueuedUpload>): Promise<void> {
  const current = find(id);
  if (!current) return;
  tellFlow((flows) => flows.step(id, current, change));
  const next = { ...current, ...change };
  store.set(store.get().map((upload) => (upload.id === id ? next : upload)));
  if (next.state === 'done') await kept.remove(id).catch(() => undefined);
  else if (worthKeeping(change)) await kept.put(next).catch(() => undefined);
}

/**
 * Whether a change is one a reload must find. Each write stores the file again, so progress and
 * the start of a send are not written: a reload trusts the server's offset, and a send that was
 * running is waiting again after one.
 */
const worthKeeping = (change: Partial<QueuedUpload>) =>
  change.uploadUrl !== undefined || (change.state !== undefined && change.state !== 'uploading');

/** Loads what waited on this device and starts sending; again whenever the connection returns. */
export async function startUploadQueue(): Promise<void> {
  if (started || typeof indexedDB === 'undefined') return;
  started = true;
  const waiting = await kept.all().catch(() => [] as QueuedUpload[]);
  const known = new Set(store.get().map((upload) => upload.id));
  // An upload that was running when the page went is waiting again; a paused one stays paused.
  const restored = waiting
    .filter((upload) => upload.appKey === config.appKey && !known.has(upload.id))
    .map((upload) => ({ ...upload, state: upload.state === 'uploading' ? ('waiting' as const) : upload.state }));
  for (const upload of restored) {
    const start =
      upload.state === 'paused' ? 'restoredPaused' : upload.state === 'failed' ? 'restoredRefused' : 'restoredWaiting';
    followFlow(upload.id, { name: upload.name, size: upload.size, sent: upload.sent, start });
  }
  store.set([...store.get(), ...restored].sort((a, b) => a.createdAt - b.createdAt));
  window.addEventListener('online', pump);
  subscribeSession(holdForOwners);
  pump();
}

/** The session changed: an upload of someone else's stops at once (it waits for them), and the new person's start. */
function holdForOwners(): void {
  const owner = currentOwner();
  for (const [id, upload] of running) {
    if (maySend(find(id)?.owner, owner)) continue;
    running.delete(id);
    void upload.abort();
    void update(id, { state: 'waiting' });
  }
  pump();
}

/**
 * Queues a file (made small first, unless `keepOriginal`) and returns its pending reference,
 * which a field may hold until the file lands.
 */
export async function enqueueUpload(
  file: Blob & { name: string },
  { keepOriginal = !shrinksPhotos(), replaces }: { keepOriginal?: boolean; replaces?: string } = {},
): Promise<QueuedUpload> {
  const id = newPendingToken();
  followFlow(id, { name: file.name, size: file.size, start: keepOriginal ? 'queued' : 'shrinking' });
  const { blob, name } = keepOriginal
    ? { blob: file, name: file.name }
    : await shrinkPhoto(file, file.name).catch((error: unknown) => {
        tellFlow((flows) => flows.tell(id, { type: 'upload.cancel' }));
        throw error;
      });
  if (!keepOriginal) tellFlow((flows) => flows.tell(id, { type: 'upload.kept', size: blob.size }));
  const upload: QueuedUpload = {
    id,
    appKey: config.appKey,
    name,
    blob,
    originalSize: file.size,
    size: blob.size,
    state: 'waiting',
    sent: 0,
    createdAt: Date.now(),
    owner: currentOwner() ?? undefined,
    ...(replaces ? { replaces } : {}),
  };
  store.set([...store.get(), upload]);
  await kept.put(upload).catch(() => undefined);
  pump();
  return upload;
}

export function pauseUpload(id: string): void {
  const upload = running.get(id);
  running.delete(id);
  void upload?.abort();
  void update(id, { state: 'paused' }).then(pump);
}

/** Resume a paused upload, or try a refused one again. */
export function resumeUpload(id: string): void {
  void update(id, { state: 'waiting', error: undefined }).then(pump);
}

/** Stops an upload and removes what the server kept of it. */
export async function cancelUpload(id: string): Promise<void> {
  const upload = running.get(id);
  running.delete(id);
  const queued = find(id);
  tellFlow((flows) => flows.tell(id, { type: 'upload.cancel' }));
  if (upload) await upload.abort(true).catch(() => undefined);
  else if (queued?.uploadUrl)
    await (await tus()).Upload.terminate(queued.uploadUrl, requestOptions(queued.owner)).catch(() => undefined);
  store.set(store.get().filter((queued) => queued.id !== id));
  await kept.remove(id).catch(() => undefined);
  pump();
}

/**
 * Signing out as `owner` (confirmed): their uploads stop, what the server kept of them goes, and
 * the device forgets them, with any queued before uploads had owners.
 */
export async function discardUploadsOf(owner: string | null): Promise<void> {
  const onDevice = await kept.all().catch(() => [] as QueuedUpload[]);
  const ids = new Set(
    [...store.get(), ...onDevice]
      .filter((upload) => upload.appKey === config.appKey && discardedWith(upload.owner, owner))
      .map((upload) => upload.id),
  );
  for (const id of ids) await cancelUpload(id);
}

/** Held for its owner: thrown instead of a request made while another session is stored. */
class HeldForOwnerError extends Error {
  constructor() {
    super('This upload waits for the person who queued it to sign in.');
  }
}

const requestOptions = (owner: string | undefined) => ({
  headers: { app_key: config.appKey, Accept: 'application/json' },
  // The token is read at each request: a session renewed while a file waited is the one sent,
  // and only if it is the session of the person who queued the file.
  onBeforeRequest: (request: { setHeader(name: string, value: string): void }) => {
    if (!maySend(owner, currentOwner())) throw new HeldForOwnerError();
    const token = getToken();
    if (token) request.setHeader('Authorization', `Bearer ${token}`);
  },
});

interface StoredAnswer {
  data?: { name?: string; url?: string };
  message?: string;
}

const parse = (text: string): StoredAnswer | undefined => {
  try {
    return JSON.parse(text) as StoredAnswer;
  } catch {
    return undefined;
  }
};

/** What the upload became: asked of the server once the last part is in (tus answers a PATCH with no body). */
async function storedFile(at: string, owner: string | undefined): Promise<{ name: string; url: string }> {
  if (!maySend(owner, currentOwner())) throw new HeldForOwnerError();
  const token = getToken();
  const response = await fetch(new URL(at, location.href), {
    headers: { app_key: config.appKey, Accept: 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  const answer = parse(await response.text());
  if (!response.ok || !answer?.data?.url) throw new Error(answer?.message ?? `The server answered ${response.status}.`);
  return { name: answer.data.name ?? '', url: answer.data.url };
}

const tus = () => import('tus-js-client');
/** Set while the next upload is being started (the tus client may still be loading). */
let starting = false;

/** Starts the oldest waiting upload when nothing runs and the browser is online. */
function pump(): void {
  if (starting || running.size > 0 || (typeof navigator !== 'undefined' && !navigator.onLine)) return;
  const next = nextToSend(store.get(), currentOwner());
  if (!next) return;
  starting = true;
  tus()
    .then(({ Upload }) => send(Upload, next))
    .catch(() => undefined)
    .finally(() => {
      starting = false;
    });
}

function send(Upload: typeof import('tus-js-client').Upload, queued: QueuedUpload): void {
  const { id } = queued;
  const upload = new Upload(queued.blob, {
    endpoint: buildUrl('api/tus'),
    uploadUrl: queued.uploadUrl ?? null,
    chunkSize: LIMITS.upload.chunkBytes,
    retryDelays: RETRY_DELAYS,
    storeFingerprintForResuming: false,
    metadata: {
      filename: queued.name,
      filetype: queued.blob.type,
      pending: id,
      ...(queued.replaces ? { replaces: queued.replaces } : {}),
    },
    ...requestOptions(queued.owner),
    onUploadUrlAvailable: () => void update(id, { uploadUrl: upload.url ?? undefined }),
    onProgress: (sent) => void update(id, { sent }),
    onSuccess: () => {
      running.delete(id);
      storedFile(upload.url!, queued.owner)
        .then((file) => {
          keepLandedPicture(file.url, queued.blob);
          return update(id, { state: 'done', sent: queued.size, file });
        })
        .catch((error: unknown) =>
          // No answer (the link dropped after the last part, or another person signed in): the file
          // is whole on the server, and sending it again resumes at its end and asks again. Only an
          // answer that refuses is for staff to see.
          update(
            id,
            error instanceof TypeError || error instanceof HeldForOwnerError
              ? { state: 'waiting' }
              : { state: 'failed', error: error instanceof Error ? error.message : String(error) },
          ),
        )
        .finally(() => {
          setTimeout(() => store.set(store.get().filter((upload) => upload.id !== id || upload.state !== 'done')), DONE_SHOWN_MS);
          pump();
        });
    },
    onError: (error) => {
      if (running.get(id) !== upload) return;
      running.delete(id);
      const status = (error as { originalResponse?: { getStatus(): number; getBody(): string } | null }).originalResponse;
      const refused = status && status.getStatus() >= 400 && status.getStatus() < 500;
      // A refusal is for staff to see; anything else (no connection) waits for the connection.
      void update(
        id,
        refused
          ? { state: 'failed', error: parse(status.getBody())?.message ?? `The server answered ${status.getStatus()}.` }
          : { state: 'waiting' },
      ).then(() => {
        if (!refused && navigator.onLine) setTimeout(pump, RETRY_DELAYS.at(-1));
        else pump();
      });
    },
  });
  running.set(id, upload);
  void update(id, { state: 'uploading', error: undefined });
  upload.start();
}
