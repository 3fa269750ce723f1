/**
 * An awake form's submit: posted to the public API (POST /cms/messages, /cms/subscribers, a built
 * form's /cms/forms/{id}/entries) with
 * its Idempotency-Key; one that finds no connection is kept on the device (outbox.ts), and the
 * browser is asked to wake the service worker to send it when the connection is back.
 */
import {
  builtFormId,
  type FormName,
  isPublicFormName,
  PUBLIC_FORMS,
  type PublicFormErrors,
  type PublicFormValues,
} from '../../../shared/public-forms';
import { ApiError, publicApi } from '../../api/http';
import { sendNow } from './notes';
import { askForSync, type KeptFile, keepOnDevice } from './outbox';

export type SendOutcome =
  | { kind: 'sent' }
  /** Kept on the device, to be sent when the connection returns. */
  | { kind: 'saved' }
  /** No answer, and the device could not keep it. */
  | { kind: 'offline' }
  /** The site cannot take it now (too many at once, a failure): the visitor may try again. */
  | { kind: 'later'; message: string }
  | { kind: 'refused'; message: string; errors: PublicFormErrors };

export async function sendPublicForm(
  form: FormName,
  values: PublicFormValues,
  key: string,
  page: string,
  /** The page's language: a subscriber's confirmation mail is written in it. */
  locale?: string,
  /** What a built form sends besides its answers: how long it was open (built-forms.ts). */
  extra: Record<string, string | number> = {},
  /** A built form's files whose upload could not finish (the link is down): kept with the answers. */
  files: KeptFile[] = [],
): Promise<SendOutcome> {
  if (files.length) {
    if (!(await keepOnDevice({ key, form, values, page, files }))) return { kind: 'offline' };
    // The outbox sends the files first, then the answers (sendWaiting): now if the link is up.
    sendNow();
    return { kind: 'saved' };
  }
  try {
    // A built form's entry goes to its own endpoint, in the page's language (its entries say which).
    const resource = isPublicFormName(form) ? PUBLIC_FORMS[form].resource : `forms/${builtFormId(form)}/entries`;
    const body = isPublicFormName(form)
      ? form === 'subscribe' && locale
        ? { ...values, locale }
        : values
      : { ...values, ...extra, ...(locale ? { locale } : {}) };
    await publicApi(resource, { method: 'POST', body, headers: { 'Idempotency-Key': key } });
    return { kind: 'sent' };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 429 || error.status >= 500) return { kind: 'later', message: error.message };
    if (!error.isNetwork) return { kind: 'refused', message: error.message, errors: error.errors };
  }
  if (!(await keepOnDevice({ key, form, values, page }))) return { kind: 'offline' };
  await askForSync(await navigator.serviceWorker?.getRegistration());
  return { kind: 'saved' };
}

/** A random key for Idempotency-Key; randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
