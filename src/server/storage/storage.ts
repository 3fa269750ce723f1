/**
 * Where uploads, their renditions and resumable uploads' parts are kept: one interface, two
 * drivers. The local folder (UPLOAD_DIR, the default) keeps them on this machine's disk; S3-compatible
 * object storage (STORAGE_URL=s3://bucket/prefix) keeps them where every instance of a cluster
 * reads the same files, with no shared disk.
 *
 * Keys are relative, `/`-separated names under the storage's root: `photo-3fa9.webp`,
 * `_r/640/photo-3fa9.webp.avif`, `_partial/<id>.json`. Nothing outside the root can be named.
 */
import type { Readable } from 'node:stream';

/** What is written: bytes, text, or a file on this machine's disk (streamed, never read whole). */
export type ObjectBody = Buffer | string | { path: string };

export interface ObjectInfo {
  size: number;
  modified: Date;
  /** A validator that changes whenever the bytes do. */
  etag: string;
}

export interface ObjectRange {
  start: number;
  /** Inclusive, as in HTTP. */
  end: number;
}

export interface FileStorage {
  /** `local` or `s3`. */
  readonly kind: 'local' | 's3';
  /** Where it is, for logs and the CLI: a folder, or `s3://bucket/prefix`. */
  readonly location: string;
  write(key: string, body: ObjectBody, contentType?: string): Promise<void>;
  /** The whole object, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** The object (or a range of it) as a stream, or undefined when there is none. */
  stream(key: string, range?: ObjectRange): Promise<Readable | undefined>;
  stat(key: string): Promise<ObjectInfo | undefined>;
  /** Removes these objects; one already gone is no error. */
  remove(keys: string[]): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder ends with `/`), in no set order. */
  list(prefix?: string): AsyncIterable<{ key: string; size: number; modified: Date }>;
  /** The object's path on this machine's disk (local driver only): sharp and static serving read it in place. */
  localPath(key: string): string | undefined;
  /** Ends the driver's connections. */
  close(): Promise<void>;
}

/** A key as the drivers accept it: relative, `/`-separated, no `.` or `..` segment, no empty segment. */
export function checkedKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  return key;
}

export function isStorageKey(key: string): boolean {
  return (
    key !== '' && !key.includes('\\') && !key.includes('\0') && !key.split('/').some((s) => s === '' || s === '.' || s === '..')
  );
}

/** The type a served object is sent as, by its extension (what was stored was sniffed from its content). */
export function contentTypeOf(key: string): string {
  const extension = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json',
};

/** Copies every object under `prefix` from one storage to another, skipping what the target has already (same size). */
export async function copyObjects(
  from: FileStorage,
  to: FileStorage,
  {
    prefix = '',
    skip = () => false,
    progress = () => {},
  }: {
    prefix?: string;
    skip?: (key: string) => boolean;
    progress?: (copied: number, key: string) => void;
  } = {},
): Promise<{ copied: number; kept: number; bytes: number }> {
  let copied = 0;
  let kept = 0;
  let bytes = 0;
  for await (const object of from.list(prefix)) {
    if (skip(object.key)) continue;
    const there = await to.stat(object.key);
    if (there?.size === object.size) {
      kept += 1;
      continue;
    }
    const local = from.localPath(object.key);
    const body = local ? { path: local } : await from.read(object.key);
    if (!body) continue; // removed since it was listed
    await to.write(object.key, body, contentTypeOf(object.key));
    copied += 1;
    bytes += object.size;
    progress(copied, object.key);
  }
  return { copied, kept, bytes };
}
