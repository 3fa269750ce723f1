/**
 * A visitor's forms kept on the device until the connection returns (IndexedDB), and sent from
 * there once. Imported by the page and by the service worker alike (src/client/pwa/sw.ts), so it
 * touches neither `window` nor the app's configuration.
 *
 * - Kept by the island, when its post finds no connection (send.ts), and by the service worker,
 *   when the page's own plain post does (before the island woke).
 * - Sent by whoever gets the chance first: the service worker on a background-sync event (the
 *   browser's word that the connection is back), and the page when it comes back online or is
 *   next opened (which is all a browser without background sync has). Each goes as the plain form
 *   post the server answers without JavaScript, with its idempotency key: sent twice, stored once.
 */
import {
  FORM_PARAM,
  type FormName,
  isPublicFormName,
  KEY_FIELD,
  PUBLIC_FORMS,
  type PublicFormValues,
} from '../../../shared/public-forms';
import type { SiteText } from '../../../shared/messages/site';
import { deviceStore } from '../../pwa/device-store';

export interface Waiting {
  key: string;
  form: FormName;
  values: PublicFormValues;
  /** The page it was written on, where its plain post goes. */
  page: string;
  /** A built form's files, kept with the answers until the entry is stored. */
  files?: KeptFile[];
}

/** A visitor's file kept on the device for a file field, and the upload that took it once sent. */
export interface KeptFile {
  field: string;
  name: string;
  blob: Blob;
  upload?: string;
}

export type Outcome = 'sent' | 'refused' | 'later';

/**
 * Sends a waiting form's files through the resumable path (file-upload.ts, loaded only then), each
 * upload's id becoming its field's answer and kept with it (`keep`); undefined once all went.
 */
export type SendKeptFiles = (item: Waiting, keep: (item: Waiting) => Promise<void>) => Promise<Outcome | undefined>;

/** What the visitor is told about a form that waited: it went, or the site refused it. */
export interface DeliveredNote {
  id: string;
  form: FormName;
  ok: boolean;
}

const DB_NAME = 'visitor-forms';
const STORE = 'waiting';
/** The background-sync tag the page asks for and the worker answers. */
export const SYNC_TAG = 'visitor-forms';
/** Where the worker leaves its notes for the page: read by any page, also one opened later. */
export const TOLD_CACHE = 'visitor-forms-told';
/** The worker's word to open pages that a note is waiting. */
export const TOLD_MESSAGE = 'visitor-form-told';

const waitingForms = deviceStore<Waiting>(DB_NAME, STORE, 'key');

/** The id of a form's element: the page its plain post is answered with scrolls to it. */
export const formElementId = (form: FormName) => `${form}-form`;

/**
 * The address of a form's plain post from `page`. Its fragment is kept by the answer (the page
 * drawn again, or the redirect after a store), so the visitor lands on the form and what it says.
 */
export function formAction(page: string, form: FormName): string {
  return `${page}${page.includes('?') ? '&' : '?'}${FORM_PARAM}=${form}#${formElementId(form)}`;
}

/** Keeps a form that could not be sent; false when the device cannot keep it either. */
export async function keepOnDevice(item: Waiting): Promise<boolean> {
  try {
    await waitingForms.put(item);
    return true;
  } catch {
    return false;
  }
}

/** Asks the browser to wake the service worker once the connection is back (where it can). */
export async function askForSync(registration: ServiceWorkerRegistration | undefined): Promise<void> {
  const sync = (registration as { sync?: { register: (tag: string) => Promise<void> } } | undefined)?.sync;
  await sync?.register(SYNC_TAG).catch(() => undefined);
}

/** One waiting form, posted as the page would: stored (303), refused (400) or not now. */
async function postWaiting(item: Waiting): Promise<Outcome> {
  const body = new URLSearchParams({ ...item.values, [KEY_FIELD]: item.key });
  const response = await fetch(formAction(item.page, item.form), { method: 'POST', body, redirect: 'manual' });
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) return 'sent';
  if (response.status === 429 || response.status >= 500) return 'later';
  return 'refused';
}

let sending: Promise<void> | undefined;

/**
 * Sends what waits, oldest first, telling `tell` of each that went or was refused; stops at the
 * first that cannot go yet (no connection, the site busy), which stays for the next chance.
 * Rejects when something is left, so a background sync is tried again later. A form with files
 * goes only where `sendFiles` is given (a page: the service worker carries no upload client); the
 * kept files are removed with it once the site has answered.
 */
export function sendWaiting(tell: (note: DeliveredNote) => void | Promise<void>, sendFiles?: SendKeptFiles): Promise<void> {
  sending ??= (async () => {
    try {
      const waiting = await waitingForms.all();
      for (const item of waiting) {
        if (item.files && !sendFiles) continue;
        const outcome = (item.files && (await sendFiles!(item, waitingForms.put))) || (await postWaiting(item));
        if (outcome === 'later') throw new Error('The site cannot take it now; it is tried again later');
        await waitingForms.remove(item.key);
        await tell({ id: item.key, form: item.form, ok: outcome === 'sent' });
      }
    } finally {
      sending = undefined;
    }
  })();
  return sending;
}

/** The words of a note, in the page's language. */
export function noteText(note: DeliveredNote, t: SiteText): string {
  if (!isPublicFormName(note.form)) {
    return note.ok ? t('delivered.built.sent', { sent: t('builtForm.sent.text') }) : t('delivered.built.refused');
  }
  return note.ok
    ? t(`delivered.${note.form}.sent`, { sent: t(PUBLIC_FORMS[note.form].sent.text) })
    : t(`delivered.${note.form}.refused`);
}
