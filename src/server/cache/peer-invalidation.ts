/**
 * Several servers on one PostgreSQL keep one picture of it: each invalidation a write makes here
 * is told to the others through LISTEN/NOTIFY, which drop the same scopes at once (a few ms), so
 * the cache's TTL is only a safety net. SQLite has one server per file and needs none of this.
 *
 * Invalidations of one tick go out as one notification, and the write that made them is answered
 * only once this server has heard its own notification come back (Cache.told, awaited by the
 * admin API): PostgreSQL has then handed it to the listeners, the others' included, so a client
 * that reads from another server right after its write was acknowledged reads what it wrote. The channel is named after the schema, so
 * sites that share a PostgreSQL server but not a schema (tests, staging) do not hear each other.
 * A lost listening connection is opened again; what was said meanwhile is unknown, so everything
 * kept is dropped once it is back.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import pg from 'pg';
import { isPostgres } from '../config';
import type { Cache } from './cache';

/** NOTIFY payloads must stay under 8000 bytes; past this, "everything" is said instead. */
const MAX_PAYLOAD = 7000;
const EVERYTHING = '*';
const RETRY_MS = { first: 250, max: 30_000 };

interface Message {
  from: string;
  /** This server's count of its messages: it hears its own too, which tells it they went out. */
  seq?: number;
  scopes: string[];
}

/** However a notification goes astray, a write waits no longer than this for it. */
const TELL_TIMEOUT_MS = 1_000;

export interface PeerInvalidationOptions {
  /** Where the listening connection goes (one of its own: it stays open). */
  connectionString: string;
  /** Sends a notification (through the server's own pool). */
  notify: (channel: string, payload: string) => Promise<unknown>;
  /** The schema the site's tables live in (`public` by default). */
  schema?: string;
  onError?: (error: unknown) => void;
}

export function channelFor(schema = 'public'): string {
  // A channel is an identifier (≤ 63 bytes); a hash keeps any schema name within it.
  return `orgsite_cache_${createHash('sha256').update(schema).digest('hex').slice(0, 24)}`;
}

export class PeerInvalidation {
  private readonly id = randomUUID();
  private readonly channel: string;
  private listener: pg.Client | undefined;
  private pending = new Set<string>();
  private flushing = false;
  /** Writes waiting for their invalidations to be told before they are answered. */
  private waiting: (() => void)[] = [];
  /** The last of this server's messages sent, and the last it heard back from PostgreSQL. */
  private sentSeq = 0;
  private heardSeq = 0;
  private retryMs = RETRY_MS.first;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly stopAnnouncing: () => void;

  constructor(
    private readonly cache: Cache,
    private readonly options: PeerInvalidationOptions,
  ) {
    this.channel = channelFor(options.schema);
    const stopAnnouncing = cache.onInvalidate((scope) => this.announce(scope));
    const stopTelling = cache.onTold(() => this.settled());
    this.stopAnnouncing = () => {
      stopAnnouncing();
      stopTelling();
    };
  }

  /**
   * Starts listening; resolves once this server hears the others, or once it has said why it
   * cannot yet (it keeps trying; meanwhile the TTL keeps it close to them).
   */
  async start(): Promise<void> {
    await this.listen().catch((error: unknown) => {
      this.options.onError?.(error);
      this.retryLater();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopAnnouncing();
    clearTimeout(this.retryTimer);
    await this.flush();
    for (const resolve of this.waiting.splice(0)) resolve();
    await this.listener?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.connectionString });
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload) this.heard(message.payload);
    });
    client.on('error', (error) => {
      this.options.onError?.(error);
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.listener = client;
    this.retryMs = RETRY_MS.first;
  }

  private reconnect(client: pg.Client): void {
    if (this.closed || this.listener !== client) return;
    this.listener = undefined;
    client.end().catch(() => {});
    this.retryLater();
  }

  private retryLater(): void {
    this.retryTimer = setTimeout(() => {
      if (this.closed) return;
      this.listen()
        // Writes made elsewhere while this server was deaf are unknown: start afresh.
        .then(() => this.cache.invalidateHere())
        .catch((error: unknown) => {
          this.options.onError?.(error);
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MS.max);
          this.retryLater();
        });
    }, this.retryMs);
  }

  private heard(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      return;
    }
    if (message.from === this.id) {
      this.heardSeq = Math.max(this.heardSeq, message.seq ?? 0);
      this.wakeWriters();
      return;
    }
    if (!Array.isArray(message.scopes)) return;
    for (const scope of message.scopes) {
      if (scope === EVERYTHING) this.cache.invalidateHere();
      else if (typeof scope === 'string') this.cache.invalidateHere(scope);
    }
  }

  /**
   * Resolves once every invalidation made so far has gone out and come back through PostgreSQL
   * (at once when there is none; after a second at most, whatever happened to it).
   */
  settled(): Promise<void> {
    if (this.closed || this.told()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, TELL_TIMEOUT_MS);
      this.waiting.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private told(): boolean {
    return !this.flushing && this.pending.size === 0 && this.heardSeq >= this.sentSeq;
  }

  private wakeWriters(): void {
    if (this.told()) for (const resolve of this.waiting.splice(0)) resolve();
  }

  private announce(scope: string | undefined): void {
    if (this.closed) return;
    this.pending.add(scope ?? EVERYTHING);
    if (this.pending.size === 1) setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.pending.size === 0) return;
    this.flushing = true;
    const scopes = this.pending.has(EVERYTHING) ? [EVERYTHING] : [...this.pending];
    this.pending = new Set();
    const seq = (this.sentSeq += 1);
    let payload = JSON.stringify({ from: this.id, seq, scopes } satisfies Message);
    if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ from: this.id, seq, scopes: [EVERYTHING] } satisfies Message);
    try {
      await this.options.notify(this.channel, payload);
    } catch (error) {
      this.options.onError?.(error);
      this.heardSeq = Math.max(this.heardSeq, seq); // it will not come back: nothing to wait for
    } finally {
      // Not listening (yet, or any more): nothing will come back either.
      if (!this.listener) this.heardSeq = Math.max(this.heardSeq, seq);
      this.flushing = false;
      if (this.pending.size > 0) void this.flush();
      else this.wakeWriters();
    }
  }
}

/** Joins the servers of one PostgreSQL database while this one runs (nothing on SQLite). */
export const peerInvalidation = fp(
  async (app: FastifyInstance) => {
    const { databaseUrl, pgSchema } = app.ctx.config;
    if (!isPostgres(databaseUrl)) return;
    const peers = new PeerInvalidation(app.ctx.cache, {
      connectionString: databaseUrl,
      notify: (channel, payload) => sql`select pg_notify(${channel}, ${payload})`.execute(app.ctx.database.db),
      schema: pgSchema,
      onError: (error) =>
        app.log.warn({ err: error }, 'Keeping the cache in step with other servers failed; they meet again within the cache TTL'),
    });
    app.addHook('onReady', () => peers.start());
    app.addHook('onClose', () => peers.close());
  },
  { name: 'peer-invalidation', dependencies: ['app-context'] },
);
