import { adminNumber } from '../i18n';

/** A file's size as staff read it: '380 KB', '8.4 MB', in the back-office language's digits (localisation.md). */
export function byteSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  return bytes < 1024 * 1024
    ? `${adminNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
    : `${adminNumber((bytes / 1024 / 1024).toFixed(1))} MB`;
}
