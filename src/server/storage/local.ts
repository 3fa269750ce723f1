/**
 * The local folder (UPLOAD_DIR): today's layout, file for file. A write lands under a temporary
 * name and is renamed, so a reader never sees half a file; a file already on the same disk is
 * linked rather than copied.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { checkedKey, type FileStorage, type ObjectBody } from './storage';

export class LocalStorage implements FileStorage {
  readonly kind = 'local' as const;
  readonly location: string;

  constructor(root: string) {
    this.location = path.resolve(root);
  }

  localPath(key: string): string {
    return path.join(this.location, checkedKey(key));
  }

  async write(key: string, body: ObjectBody): Promise<void> {
    const target = this.localPath(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    try {
      if (typeof body === 'string' || Buffer.isBuffer(body)) await fsp.writeFile(partial, body);
      else if (!(await linked(body.path, partial))) await pipeline(fs.createReadStream(body.path), fs.createWriteStream(partial));
      await fsp.rename(partial, target);
    } finally {
      await fsp.rm(partial, { force: true });
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    return fsp.readFile(this.localPath(key)).catch(absent);
  }

  async stream(key: string, range?: { start: number; end: number }) {
    const file = this.localPath(key);
    if (!(await this.stat(key))) return undefined;
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string) {
    const stats = await fsp.stat(this.localPath(key)).catch(absent);
    if (!stats?.isFile()) return undefined;
    return { size: stats.size, modified: stats.mtime, etag: `"${stats.size.toString(16)}-${stats.mtimeMs.toString(16)}"` };
  }

  async remove(keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => fsp.rm(this.localPath(key), { force: true })));
    // A folder left empty goes too (an object store has no folders to leave behind).
    const folders = new Set(keys.filter((key) => key.includes('/')).map((key) => key.slice(0, key.lastIndexOf('/'))));
    for (const folder of folders) await this.removeEmpty(folder);
  }

  private async removeEmpty(folder: string): Promise<void> {
    for (let at = folder; at; at = at.includes('/') ? at.slice(0, at.lastIndexOf('/')) : '') {
      const removed = await fsp.rmdir(this.localPath(at)).then(
        () => true,
        () => false,
      );
      if (!removed) return;
    }
  }

  async *list(prefix = '') {
    // The folder the prefix names (or the root); names within it are matched by the rest.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = folder ? this.localPath(folder) : this.location;
    const entries = await fsp.readdir(start, { withFileTypes: true, recursive: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith('.part')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const key = path.relative(this.location, file).split(path.sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const stats = await fsp.stat(file).catch(absent);
      if (stats) yield { key, size: stats.size, modified: stats.mtime };
    }
  }

  async close(): Promise<void> {}
}

/** Another name for the same bytes (no copy) where both are on one disk. */
async function linked(from: string, to: string): Promise<boolean> {
  try {
    await fsp.link(from, to);
    return true;
  } catch (error) {
    if (['EXDEV', 'EPERM', 'ENOTSUP'].includes((error as NodeJS.ErrnoException).code ?? '')) return false;
    throw error;
  }
}

function absent(error: NodeJS.ErrnoException): undefined {
  if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
  throw error;
}
