/**
 * Where resumable uploads (resumable.ts) keep their parts: under `_partial/` in the storage (the
 * local folder or the S3 bucket), never served and never backed up. Kept in the storage rather
 * than on one machine's disk, an upload may carry on through any instance of a cluster.
 *
 * - `_partial/{id}.json`: what the upload is (its size, metadata, when it started; `stored` once
 *   it became a file of the library);
 * - `_partial/{id}/{offset}`: each part as it arrived, named by where it starts. How much arrived
 *   is the run of parts that follow each other from 0, so a part sent twice (a request retried
 *   after its answer was lost, on this instance or another) counts once.
 *
 * A part that breaks off keeps what arrived, as a file would, when that is at least
 * LIMITS.upload.minPartBytes; a shorter part is kept only as the upload's last. An upload left for a day (finished
 * or not) has expired, and the hourly upkeep removes it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { LIMITS } from '../../shared/limits';
import type { FileStorage } from '../storage/storage';

export const PARTIAL_DIR = '_partial';
const DAY_MS = 24 * 60 * 60 * 1000;
const OFFSET_DIGITS = 12;

interface UploadInfo {
  id: string;
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
  /** Set once the whole upload became a file: its parts are gone, its size is what arrived. */
  stored?: boolean;
}

/** A part that is neither the last nor LIMITS.upload.minPartBytes long, refused as every API error is shaped. */
const PART_TOO_SMALL = (() => {
  const message = `Each part but the last must be at least ${LIMITS.upload.minPartBytes / 1024} KiB`;
  return { status_code: 400, body: JSON.stringify({ message, errors: { 'Content-Length': message } }) };
})();

const infoKey = (id: string) => `${PARTIAL_DIR}/${id}.json`;
const partsPrefix = (id: string) => `${PARTIAL_DIR}/${id}/`;
const partKey = (id: string, offset: number) => `${partsPrefix(id)}${String(offset).padStart(OFFSET_DIGITS, '0')}`;
const scratch = () => path.join(os.tmpdir(), `orgsite-part-${process.pid}-${randomBytes(6).toString('hex')}`);

export class PartialUploads extends DataStore {
  constructor(
    private readonly storage: FileStorage,
    private readonly expiresAfterMs = DAY_MS,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.writeInfo({
      id: upload.id,
      size: upload.size,
      metadata: upload.metadata,
      creation_date: upload.creation_date ?? new Date().toISOString(),
    });
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    const offset = info.stored ? (info.size ?? 0) : (await this.parts(id)).offset;
    return new Upload({ id, size: info.size, offset, metadata: info.metadata, creation_date: info.creation_date });
  }

  /** Keeps the part as it arrives (on this machine's disk first), then in the storage: whole, or as much as came. */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const file = scratch();
    let received = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    let broken = false;
    try {
      await pipeline(stream, counting, fs.createWriteStream(file));
    } catch {
      broken = true;
    }
    const { size } = await this.info(id);
    // An empty body (a creation that sends no part) is no part, and nothing is kept of it.
    const tooSmall = received > 0 && received < LIMITS.upload.minPartBytes && (size === undefined || offset + received < size);
    try {
      if (received > 0 && !tooSmall) await this.storage.write(partKey(id, offset), { path: file }, 'application/octet-stream');
    } finally {
      await fsp.rm(file, { force: true });
    }
    if (broken) throw ERRORS.FILE_WRITE_ERROR;
    if (tooSmall) throw PART_TOO_SMALL;
    return offset + received;
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    await this.writeInfo({ ...(await this.info(id)), size });
  }

  override async remove(id: string): Promise<void> {
    const info = await this.storage.stat(infoKey(id));
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    await this.removeAll(id);
  }

  override getExpiration(): number {
    return this.expiresAfterMs;
  }

  /** Removes every upload that started more than a day ago (the hourly upkeep); answers how many. */
  override async deleteExpired(): Promise<number> {
    const cutoff = Date.now() - this.expiresAfterMs;
    const expired = new Set<string>();
    const seen = new Set<string>();
    for await (const object of this.storage.list(`${PARTIAL_DIR}/`)) {
      const [id = '', rest] = object.key.slice(PARTIAL_DIR.length + 1).split(/(?=[/.])/);
      if (rest === '.json') {
        seen.add(id);
        const info = await this.info(id).catch(() => undefined);
        const started = Date.parse(info?.creation_date ?? '') || object.modified.getTime();
        if (started < cutoff) expired.add(id);
      } else if (object.modified.getTime() < cutoff) {
        // A part without its description (a removal cut short) goes once it is as old.
        expired.add(id);
      }
    }
    for (const id of expired) await this.removeAll(id);
    return [...expired].filter((id) => seen.has(id)).length;
  }

  /**
   * The whole upload as one file on this machine's disk, for the library to store; `done()`
   * removes it. Undefined while parts are missing.
   */
  async assemble(id: string): Promise<{ path: string; done: () => Promise<void> } | undefined> {
    const info = await this.info(id);
    const { offset, keys } = await this.parts(id);
    if (info.size === undefined || offset < info.size) return undefined;
    const file = scratch();
    const out = fs.createWriteStream(file);
    try {
      for (const key of keys) {
        const part = await this.storage.stream(key);
        if (!part) throw ERRORS.FILE_NO_LONGER_EXISTS;
        await pipeline(part, out, { end: false });
      }
      await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    } catch (error) {
      out.destroy();
      await fsp.rm(file, { force: true });
      throw error;
    }
    return { path: file, done: () => fsp.rm(file, { force: true }) };
  }

  /** Once the upload is a file of the library, its parts go; it still answers HEAD as whole until it expires. */
  async markStored(id: string): Promise<void> {
    const info = await this.info(id);
    await this.writeInfo({ ...info, stored: true });
    const { keys } = await this.parts(id);
    await this.storage.remove(keys);
  }

  private async info(id: string): Promise<UploadInfo> {
    if (!/^[a-f0-9]{32}$/.test(id)) throw ERRORS.FILE_NOT_FOUND;
    const bytes = await this.storage.read(infoKey(id));
    if (!bytes) throw ERRORS.FILE_NOT_FOUND;
    return JSON.parse(bytes.toString('utf8')) as UploadInfo;
  }

  private writeInfo(info: UploadInfo): Promise<void> {
    return this.storage.write(infoKey(info.id), JSON.stringify(info), 'application/json');
  }

  /** The parts that follow each other from 0, and how far they reach. */
  private async parts(id: string): Promise<{ offset: number; keys: string[] }> {
    const starts = new Map<number, { key: string; size: number }>();
    for await (const object of this.storage.list(partsPrefix(id))) {
      const start = Number(object.key.slice(partsPrefix(id).length));
      if (Number.isInteger(start) && object.size > (starts.get(start)?.size ?? 0)) starts.set(start, object);
    }
    let offset = 0;
    const keys: string[] = [];
    for (let part = starts.get(0); part; part = starts.get(offset)) {
      keys.push(part.key);
      offset += part.size;
    }
    return { offset, keys };
  }

  private async removeAll(id: string): Promise<void> {
    const keys = [infoKey(id)];
    for await (const object of this.storage.list(partsPrefix(id))) keys.push(object.key);
    await this.storage.remove(keys);
  }
}
