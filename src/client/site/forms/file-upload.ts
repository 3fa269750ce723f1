/**
 * A visitor's file for a form's file field, sent through the resumable path (tus 1.0 at
 * /cms/form-uploads, server's content/entry-files.ts): in parts, and after a dropped link from the
 * last byte the server kept, trying again until the link returns. Loaded (with the tus client)
 * only when a visitor chooses a file, so a form without a file field never downloads it.
 */
import { Upload } from 'tus-js-client';
import { config } from '../../config';
import { builtFormId } from '../../../shared/public-forms';
import type { SendKeptFiles } from './outbox';

export interface FileProgress {
  /** Part of the file the server has, from 0 to 100. */
  sent: (percent: number) => void;
  /** The link dropped: the upload waits for it and carries on. */
  waiting: () => void;
  /** Sent from the device's outbox: a dropped link ends the attempt rather than waiting for it. */
  kept?: boolean;
}

/**
 * Sends the files kept on the device with a waiting form (outbox.ts), as the island sends a chosen
 * one; each upload's id is kept with the form at once, so a later try sends only what is left.
 */
export const sendKeptFiles: SendKeptFiles = async (item, keep) => {
  for (const file of item.files ?? []) {
    if (!file.upload) {
      try {
        const progress = { sent: () => undefined, waiting: () => undefined, kept: true };
        file.upload = await sendFile(file.blob, file.name, builtFormId(item.form)!, file.field, progress);
      } catch (error) {
        return error instanceof FileRefused ? 'refused' : 'later';
      }
      await keep(item);
    }
    item.values[file.field] = file.upload;
  }
  return undefined;
};

/** A refusal of the server about the file (its type, its size), not a dropped link. */
export class FileRefused extends Error {
  constructor(readonly status: number) {
    super(`The server refused the file (${status})`);
  }
}

/** Small parts (the server takes no smaller than 256 KiB but the last): a dropped link loses at most one. */
const PART_BYTES = 1024 * 1024;
// Tried again and again while the link is down: a visitor on a thin link is not asked to start over.
const RETRY_DELAYS = [0, 1_000, 2_000, 4_000, ...Array.from({ length: 120 }, () => 5_000)];

/**
 * A file kept on the device with a form (outbox.ts) tries a few times only: the link is down when
 * this fails, and the outbox tries again when it returns.
 */
const KEPT_RETRY_DELAYS = [0, 1_000, 3_000];

/**
 * Sends `file` as the answer of `field` of form `form`; resolves with the upload's id (the field's
 * answer). `stop` gives up on it (the form was kept on the device and the outbox sends the file).
 */
export function sendFile(
  file: Blob,
  name: string,
  form: number,
  field: string,
  progress: FileProgress,
  stop?: AbortSignal,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: `${config.apiBase}/form-uploads`,
      headers: { 'app-key': config.appKey },
      chunkSize: PART_BYTES,
      retryDelays: progress.kept ? KEPT_RETRY_DELAYS : RETRY_DELAYS,
      storeFingerprintForResuming: false,
      metadata: { form: String(form), field, filename: name },
      onProgress: (sent, total) => progress.sent(total ? Math.floor((sent * 100) / total) : 0),
      onShouldRetry: (error) => {
        const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
        // A refusal stays one; anything else (no connection, the server busy) is tried again.
        if (status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429) return false;
        progress.waiting();
        return true;
      },
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onError: (error) => {
        const status = (error as { originalResponse?: { getStatus(): number } | null }).originalResponse?.getStatus() ?? 0;
        reject(status >= 400 && status < 500 ? new FileRefused(status) : error);
      },
    });
    stop?.addEventListener('abort', () => {
      void upload.abort();
      reject(new DOMException('Stopped', 'AbortError'));
    });
    upload.start();
  });
}
