/**
 * Where resumable uploads (resumable.ts) keep their parts: UPLOAD_DIR/_partial, never served and
 * never backed up. tus's own file store keeps each part beside a small JSON of what it is; a part
 * older than a day (finished or not) has expired and the hourly upkeep removes it.
 */
import path from 'node:path';
import { FileStore } from '@tus/file-store';

export const PARTIAL_DIR = '_partial';
const DAY_MS = 24 * 60 * 60 * 1000;

export function partialUploads(uploadDir: string): FileStore {
  return new FileStore({ directory: path.join(uploadDir, PARTIAL_DIR), expirationPeriodInMilliseconds: DAY_MS });
}
