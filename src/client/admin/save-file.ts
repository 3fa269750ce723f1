/**
 * Saves what the back-office made or was sent (an export) as a file on the device, through a
 * link's download. The address is let go a moment later, once the browser has begun the download.
 */
export function saveFile(content: BlobPart, type: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
