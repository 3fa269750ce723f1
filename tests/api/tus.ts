/**
 * A resumable upload (tus 1.0) as the back-office's client makes it, over a real connection, for
 * the API tests: the protocol's headers, metadata, and pictures large enough to send in parts.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { LIMITS } from '../../src/shared/limits';

export const TUS = { 'tus-resumable': '1.0.0' };
export const OCTETS = { 'content-type': 'application/offset+octet-stream' };

export interface Answer {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
  json(): any; // eslint-disable-line @typescript-eslint/no-explicit-any -- an answer's shape is what the test asserts
}

/** A request over a real connection, as a browser's upload makes it: parts stream through the socket. */
export async function over(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: Buffer,
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, { method, headers, ...(payload ? { body: new Uint8Array(payload) } : {}) });
  const body = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, json: () => JSON.parse(body) };
}

/** `Upload-Metadata`: each value base64-encoded. */
export const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/**
 * A PNG of random pixels, stored uncompressed, so it is at least `parts` of the smallest part a
 * resumable upload takes (LIMITS.upload.minPartBytes) and can be sent in that many parts.
 */
export async function noisePng(parts = 2): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt((parts * LIMITS.upload.minPartBytes) / 3)) + 8;
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}
