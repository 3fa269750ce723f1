/**
 * Public reads are the hot path: each answer is kept in memory per application, served with an
 * ETag (304 when unchanged), and dropped by any write to that application. Entries also expire
 * after `ttlMs`, so several servers sharing one PostgreSQL converge on others' writes.
 */
import { createHash } from 'node:crypto';

interface Entry {
  body: string;
  etag: string;
  expires: number;
}

export class PublicCache {
  private entries = new Map<string, Map<string, Entry>>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxPerApp = 2_000,
  ) {}

  get(appKey: string, url: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(appKey)?.get(url);
    if (entry && entry.expires > now) return entry;
    return undefined;
  }

  set(appKey: string, url: string, body: string, now = Date.now()): Entry {
    let perApp = this.entries.get(appKey);
    if (!perApp) this.entries.set(appKey, (perApp = new Map()));
    if (perApp.size >= this.maxPerApp) perApp.clear();
    const entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"`, expires: now + this.ttlMs };
    perApp.set(url, entry);
    return entry;
  }

  invalidate(appKey?: string): void {
    if (appKey === undefined) this.entries.clear();
    else this.entries.delete(appKey);
  }
}
