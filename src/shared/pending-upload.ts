/**
 * A record saved while its picture is still on its way (queued on the device, or uploading) names
 * the picture by a pending reference, `pending-upload:{token}`, the token being the one the
 * resumable upload carries in its metadata. When the upload lands the server puts the file's
 * address in its place, in every record of the site that names it; a save that arrives after the
 * upload landed is given the address at once. Public answers never carry one: a picture that has
 * not landed is shown as no picture, never as a broken one.
 */
const PREFIX = 'pending-upload:';
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isPendingToken = (token: string): boolean => TOKEN.test(token);

export const pendingRef = (token: string): string => `${PREFIX}${token}`;

/** The token of a pending reference, or undefined for anything else. */
export function pendingTokenOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith(PREFIX)) return undefined;
  const token = value.slice(PREFIX.length);
  return isPendingToken(token) ? token : undefined;
}

export const isPendingRef = (value: unknown): value is string => pendingTokenOf(value) !== undefined;

/** A new token (a version 4 UUID); from getRandomValues, which, unlike randomUUID, needs no secure context. */
export function newPendingToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
