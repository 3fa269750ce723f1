/**
 * Public reads are the hot path. Each answer is kept in memory per application, exactly as
 * Fastify sent it (headers included), dropped by any write to that application, and expires after
 * `ttlMs` so several servers sharing one PostgreSQL converge on each other's writes. A hit is
 * answered straight from the HTTP server, before routing: that is what lets a cached read run at
 * close to the speed of a bare node:http server.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

interface Entry {
  body: Buffer;
  gzip?: Buffer;
  etag: string;
  headers: OutgoingHttpHeaders;
  expires: number;
  /** Ready-made header lists (flat name/value arrays) for a plain, a gzip and a 304 answer. */
  raw: { plain: string[]; gzip?: string[]; notModified: string[] };
}

/** Header objects flattened once per entry, so a hit only writes prepared strings. */
function flatten(headers: OutgoingHttpHeaders): string[] {
  return Object.entries(headers).flatMap(([name, value]) =>
    value === undefined ? [] : Array.isArray(value) ? value.flatMap((v) => [name, v]) : [name, String(value)],
  );
}

/** Headers that describe one particular transfer, not the resource. */
const TRANSFER_HEADERS = ['content-length', 'content-encoding', 'transfer-encoding', 'vary', 'etag', 'connection', 'date'];
const GZIP_FROM_BYTES = 1024;

export class PublicCache {
  private entries = new Map<string, Map<string, Entry>>();
  /** Moves on at every invalidation: what was derived from public answers (rendered pages) checks it. */
  version = 0;

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxPerApp = 2_000,
  ) {}

  get(appKey: string, url: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(appKey)?.get(url);
    if (entry && entry.expires > now) return entry;
    return undefined;
  }

  set(appKey: string, url: string, body: string, headers: OutgoingHttpHeaders = {}, now = Date.now()): Entry {
    let perApp = this.entries.get(appKey);
    if (!perApp) this.entries.set(appKey, (perApp = new Map()));
    if (perApp.size >= this.maxPerApp) perApp.clear();
    const bytes = Buffer.from(body);
    const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSFER_HEADERS.includes(name)));
    const gzip = bytes.length >= GZIP_FROM_BYTES ? gzipSync(bytes) : undefined;
    const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`;
    const common = { ...kept, etag, vary: 'accept-encoding' };
    const entry: Entry = {
      body: bytes,
      gzip,
      etag,
      headers: kept,
      expires: now + this.ttlMs,
      raw: {
        plain: flatten({ ...common, 'content-length': bytes.length }),
        gzip: gzip && flatten({ ...common, 'content-length': gzip.length, 'content-encoding': 'gzip' }),
        notModified: flatten(common),
      },
    };
    perApp.set(url, entry);
    return entry;
  }

  invalidate(appKey?: string): void {
    this.version += 1;
    if (appKey === undefined) this.entries.clear();
    else this.entries.delete(appKey);
  }

  /** Answers a cached public read on the raw request; false when the app must handle it. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '';
    if (req.method !== 'GET' || !url.startsWith('/cms/') || url.startsWith('/cms/api/')) return false;
    const appKey = req.headers['app-key'] ?? req.headers.app_key;
    if (typeof appKey !== 'string') return false;
    const entry = this.get(appKey.trim(), url);
    if (!entry) return false;
    if (req.headers['if-none-match'] === entry.etag) {
      res.writeHead(304, entry.raw.notModified).end();
      return true;
    }
    const acceptsGzip = entry.gzip !== undefined && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    res.writeHead(200, acceptsGzip ? entry.raw.gzip : entry.raw.plain);
    res.end(acceptsGzip ? entry.gzip : entry.body);
    return true;
  }
}
