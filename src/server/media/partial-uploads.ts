/**
 * Where resumable uploads (resumable.ts) keep their parts: UPLOAD_DIR/_partial, never served and
 * never backed up. tus's own file store keeps each part beside a small JSON of what it is; a part
 * older than a day (finished or not) has expired and the hourly upkeep removes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '@tus/file-store';

export const PARTIAL_DIR = '_partial';
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PartialUploads {
  /** The store, made when first needed: a server that never takes a resumable upload has no folder for them. */
  store(): FileStore;
  /** Removes what has expired (the upkeep, hourly); nothing to do where no upload ever started. */
  removeExpired(): Promise<number>;
}

export function partialUploads(uploadDir: string): PartialUploads {
  const directory = path.join(uploadDir, PARTIAL_DIR);
  let store: FileStore | undefined;
  const parts: PartialUploads = {
    store() {
      if (store) return store;
      // Made here, before the store, which would otherwise make it in the background.
      fs.mkdirSync(directory, { recursive: true });
      store = new FileStore({ directory, expirationPeriodInMilliseconds: DAY_MS });
      return store;
    },
    removeExpired: async () => (fs.existsSync(directory) ? parts.store().deleteExpired() : 0),
  };
  return parts;
}
