/**
 * The page's side of the device outbox (outbox.ts): it sends what waits when it comes back online
 * and when it is opened, and shows the visitor a note for each form sent (by the page itself, or
 * by the service worker, which leaves its notes in Cache Storage and says so to open pages).
 */
import { useSyncExternalStore } from 'react';
import { isFormName } from '../../../shared/public-forms';
import { createStore } from '../../pwa/store';
import { type DeliveredNote, type SendKeptFiles, sendWaiting, TOLD_CACHE, TOLD_MESSAGE } from './outbox';

const notes = createStore<DeliveredNote[]>([]);
const NONE: DeliveredNote[] = [];
/** The notes to show now (none while the server renders). */
export const useDeliveredNotes = () => useSyncExternalStore(notes.subscribe, notes.get, () => NONE);
/** The same, outside React, and its changes (islands/when-needed.ts). */
export const deliveredNotes = notes.get;
export const subscribeDeliveredNotes = notes.subscribe;
export const dismissDelivered = (id: string) => notes.set(notes.get().filter((note) => note.id !== id));
const tell = (note: DeliveredNote) => notes.set([...notes.get().filter((n) => n.id !== note.id), note]);

/** Shows the notes the service worker left (also those from while no page was open). */
async function readWorkerNotes(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(TOLD_CACHE);
  for (const request of await cache.keys()) {
    const note = (await (await cache.match(request))?.json().catch(() => undefined)) as Partial<DeliveredNote> | undefined;
    await cache.delete(request);
    if (note && isFormName(note.form)) tell({ id: note.id ?? request.url, form: note.form, ok: note.ok === true });
  }
}

// A kept file goes through the island's resumable path, whose code loads only when one waits.
const sendFiles: SendKeptFiles = (...kept) => import('./file-upload').then((upload) => upload.sendKeptFiles(...kept));

/** Sends what waits on the device now (also after a form with a file was kept: its link may be up). */
export const sendNow = () => {
  if (typeof indexedDB !== 'undefined') sendWaiting(tell, sendFiles).catch(() => undefined);
};

/** Started once per page load (islands/main.ts, main.tsx). */
export function startVisitorOutbox(): void {
  sendNow();
  window.addEventListener('online', sendNow);
  readWorkerNotes().catch(() => undefined);
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === TOLD_MESSAGE) readWorkerNotes().catch(() => undefined);
  });
}
