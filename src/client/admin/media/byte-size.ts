/** A file's size as staff read it: '380 KB', '8.4 MB'. */
export function byteSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
