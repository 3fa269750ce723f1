/**
 * Several servers on one PostgreSQL answer as one. Each invalidation made here (a write) moves on
 * its scope's version in the `cache_versions` table, and the write is answered only once that has
 * committed (Cache.told, awaited by the admin API). Every request, before anything kept can answer
 * it, reads the table and forgets here the scopes whose version moved since this server last
 * looked. So a request that starts after a write was acknowledged is answered as written, on any
 * server: nothing depends on a message arriving in time. SQLite has one server per file and does
 * none of this.
 *
 * Concurrent requests share a read of the table, but only one that began after they arrived: a
 * read that began earlier may have missed a write acknowledged in between. While a read is under
 * way, those who arrive wait for the next one, which begins as soon as it ends and serves them all.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { isPostgres } from '../config';
import type { Cache } from './cache';

/** The scope of an invalidation of everything (`cache.invalidate()`). */
export const EVERYTHING = '*';

/** A scope's version as stored (a bigint: PostgreSQL's driver reads it as a string). */
export interface VersionRow {
  scope: string;
  version: string | number;
}

export interface SharedVersionsOptions {
  /** Reads every scope's version (the table is small: a few rows per site). */
  read: () => Promise<VersionRow[]>;
  /** Moves on the versions of these scopes in one statement, and gives their new versions. */
  bump: (scopes: string[]) => Promise<VersionRow[]>;
  onError?: (error: unknown) => void;
}

/** A write that failed to move its versions is tried again after this, then twice as long, up to the max. */
const RETRY_MS = { first: 100, max: 5_000 };

export class SharedVersions {
  /** The version of each scope applied here; undefined until the table was first read. */
  private seen: Map<string, number> | undefined;
  /** The read of the table under way, and the one that begins when it ends (with its waiters). */
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  /** Scopes invalidated here whose versions are not moved yet. */
  private pending = new Set<string>();
  private flushing = false;
  /** Invalidations made here, and how many of them have their versions moved (or were given up on close). */
  private made = 0;
  private moved = 0;
  private waiting: { upTo: number; resolve: () => void }[] = [];
  private retryMs = RETRY_MS.first;
  private retryTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly stop: () => void;

  constructor(
    private readonly cache: Cache,
    private readonly options: SharedVersionsOptions,
  ) {
    const stopListening = cache.onInvalidate((scope) => this.invalidated(scope));
    const stopTelling = cache.onTold(() => this.settled());
    this.stop = () => {
      stopListening();
      stopTelling();
    };
  }

  /**
   * Resolves once this server has forgotten what every write acknowledged before the call changed.
   * Never rejects: when the table cannot be read, everything kept here is forgotten instead.
   */
  catchUp(): Promise<void> {
    if (this.queued) return this.queued;
    if (!this.running) return this.begin();
    const queued = this.running.then(() => {
      this.queued = undefined;
      return this.begin();
    });
    this.queued = queued;
    return queued;
  }

  private begin(): Promise<void> {
    const running = this.readAndApply().finally(() => {
      if (this.running === running) this.running = undefined;
    });
    this.running = running;
    return running;
  }

  private async readAndApply(): Promise<void> {
    let rows: VersionRow[];
    try {
      rows = await this.options.read();
    } catch (error) {
      // What moved elsewhere is unknown: nothing kept is trusted, the request reads the database
      // (which answers, or fails the way it does without a cache).
      this.options.onError?.(error);
      this.cache.invalidateHere();
      return;
    }
    const seen = this.seen;
    if (!seen) {
      // The first look learns where everything stands. What was kept before it (normally
      // nothing: it is made before the server answers) was made without knowing: forgotten.
      this.seen = new Map(rows.map((row) => [row.scope, Number(row.version)]));
      this.cache.invalidateHere();
      return;
    }
    let everything = false;
    const scopes: string[] = [];
    for (const row of rows) {
      const version = Number(row.version);
      if (version <= (seen.get(row.scope) ?? 0)) continue;
      seen.set(row.scope, version);
      if (row.scope === EVERYTHING) everything = true;
      else scopes.push(row.scope);
    }
    if (everything) this.cache.invalidateHere();
    else for (const scope of scopes) this.cache.invalidateHere(scope);
  }

  /**
   * Resolves once every invalidation made here so far has its version moved in the table: a
   * request that begins on any server after this reads what the write changed.
   */
  settled(): Promise<void> {
    const upTo = this.made;
    if (this.closed || this.moved >= upTo) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ upTo, resolve }));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stop();
    clearTimeout(this.retryTimer);
    await this.flush();
    this.wake(Number.POSITIVE_INFINITY);
    await this.running;
  }

  private invalidated(scope: string | undefined): void {
    if (this.closed) return;
    this.pending.add(scope ?? EVERYTHING);
    this.made += 1;
    // Every invalidation of one tick (a write makes several) moves on in one statement.
    if (this.pending.size === 1 && !this.retryTimer) setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    if (this.flushing || this.pending.size === 0) return;
    this.flushing = true;
    const upTo = this.made;
    // In one order on every server, so two statements moving the same rows never deadlock.
    const scopes = this.pending.has(EVERYTHING) ? [EVERYTHING] : [...this.pending].sort();
    this.pending = new Set();
    try {
      this.ownMoves(await this.options.bump(scopes));
      this.retryMs = RETRY_MS.first;
      this.wake(upTo);
    } catch (error) {
      this.options.onError?.(error);
      // The writes waiting for these stay unanswered until the others can know what they changed.
      for (const scope of scopes) this.pending.add(scope);
      if (!this.closed) {
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          void this.flush();
        }, this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, RETRY_MS.max);
      }
      return;
    } finally {
      this.flushing = false;
    }
    if (this.pending.size > 0) void this.flush();
  }

  /**
   * This server's own moves, already applied here when it invalidated: the next read need not
   * forget them again, unless another server moved the same scope in between (then it must).
   */
  private ownMoves(rows: VersionRow[]): void {
    if (!this.seen) return;
    for (const row of rows) {
      const version = Number(row.version);
      if ((this.seen.get(row.scope) ?? 0) === version - 1) this.seen.set(row.scope, version);
    }
  }

  private wake(upTo: number): void {
    this.moved = Math.max(this.moved, Math.min(upTo, this.made));
    const still: typeof this.waiting = [];
    for (const waiter of this.waiting) {
      if (waiter.upTo <= upTo) waiter.resolve();
      else still.push(waiter);
    }
    this.waiting = still;
  }
}

/** Keeps this server in step with the others on its PostgreSQL database (nothing on SQLite). */
export const sharedVersions = fp(
  async (app: FastifyInstance) => {
    if (!isPostgres(app.ctx.config.databaseUrl)) return;
    const { db } = app.ctx.database;
    const versions = new SharedVersions(app.ctx.cache, {
      read: () => db.selectFrom('cache_versions').select(['scope', 'version']).execute(),
      bump: (scopes) =>
        db
          .insertInto('cache_versions')
          .values(scopes.map((scope) => ({ scope, version: 1 })))
          .onConflict((conflict) => conflict.column('scope').doUpdateSet({ version: sql<number>`cache_versions.version + 1` }))
          .returning(['scope', 'version'])
          .execute(),
      onError: (error) => app.log.warn({ err: error }, 'Keeping the cache in step with the other servers failed'),
    });
    app.addHook('onReady', () => versions.catchUp());
    // Registered before the hook that answers from the cache (servePublicAnswers, app.ts), and
    // before anything else reads the cache: every request is answered from what is current.
    app.addHook('onRequest', function catchUpWithWrites() {
      return versions.catchUp();
    });
    app.addHook('onClose', () => versions.close());
  },
  { name: 'shared-versions', dependencies: ['app-context'] },
);
