/**
 * The server's one cache. Everything kept in memory lives here: public API answers, rendered
 * pages, search totals and application rows. It is an LRU bounded by size (lru-cache), so a full
 * cache drops its least used entries instead of everything; concurrent misses of one key compute
 * once (lru-cache's fetch); and entries belong to a scope (an application, a table) that a write
 * invalidates in O(1): the scope's generation moves on, so its old keys are never asked for again
 * and age out of the LRU. Servers sharing one PostgreSQL keep in step through the versions of the
 * scopes their writes moved (shared-versions.ts, through `onInvalidate` and `told`); `ttlMs` only
 * bounds how long an entry is kept.
 *
 * A value may also depend on parts of its scope (`site:demo/sliders`): kept with those parts, it is
 * dropped only when one of them, or the whole scope, is invalidated. So a write to a site's slides
 * leaves its About page kept. A value whose parts are not known depends on `scope/*`, which every
 * part's invalidation moves too.
 *
 * A value is fresh for everyone: once a write has invalidated what a value was made from, no
 * caller gets that value again, nor one whose making began before the write.
 */
import { LRUCache } from 'lru-cache';

export interface CacheOptions {
  /** Total size kept, in bytes of body for answers and 1 per small value. */
  maxSize?: number;
  ttlMs?: number;
  /** The clock (tests pass their own). */
  now?: () => number;
  /** The wall clock that `expireAt` times are read against (tests pass their own). */
  wallClock?: () => number;
}

/** Answers and pages weigh their bytes; anything else counts as one small entry. */
export interface Sized {
  size: number;
}

/** A value or its absence (a row that does not exist is worth remembering too). */
interface Kept {
  value: unknown;
  /** The parts of scopes it was made from, and when its making began (a count of invalidations). */
  parts?: readonly string[];
  madeAt?: number;
}

/** A value being made for a key (`fetch`), and the count of invalidations when its making began. */
interface Making {
  kept: Promise<Kept>;
  madeAt: number;
}

/** Where a value begins to be made: its scope as it is now, and the count of invalidations so far. */
export interface Generation {
  prefix: string;
  at: number;
}

/** What `fetch` makes when the value depends on parts of its scope. */
export interface MadeFromParts<T> {
  value: T;
  parts: readonly string[];
}

/** The part of a scope that moves with every part of it (`site:demo/*`). */
export const anyPart = (scope: string) => `${scope}/*`;

const SMALL_ENTRY = 256;

export class Cache {
  private readonly lru: LRUCache<string, Kept>;
  /** Values being made, by full key: concurrent callers of one key wait for one making. */
  private readonly making = new Map<string, Making>();
  private readonly generations = new Map<string, number>();
  /** The count of invalidations so far, and the count at each part's last one. */
  private invalidations = 0;
  private readonly partsMoved = new Map<string, number>();
  /** Wall-clock times at which a scope expires as a whole (a site's next scheduled publish). */
  private readonly deadlines = new Map<string, number>();
  private readonly wallClock: () => number;
  /** Moves on when everything is invalidated at once (an application created or deleted). */
  private epoch = 0;
  private readonly listeners = new Set<(scope: string | undefined) => void>();
  private readonly tellers = new Set<() => Promise<void>>();
  constructor({
    maxSize = 64 * 1024 * 1024,
    ttlMs = 10_000,
    now = () => performance.now(),
    wallClock = Date.now,
  }: CacheOptions = {}) {
    this.wallClock = wallClock;
    this.lru = new LRUCache({
      maxSize,
      ttl: ttlMs,
      // Expired entries are not served; no timer is needed to drop them.
      ttlAutopurge: false,
      ttlResolution: 0,
      perf: { now },
      sizeCalculation: sizeOf,
    });
  }

  /** False once a part the value was made from has been invalidated since its making began. */
  private current(kept: Kept | undefined): kept is Kept {
    if (!kept) return false;
    if (!kept.parts) return true;
    return kept.parts.every((part) => (this.partsMoved.get(part) ?? 0) <= kept.madeAt!);
  }

  private live(key: string): Kept | undefined {
    const kept = this.lru.get(key);
    if (this.current(kept)) return kept;
    if (kept) this.lru.delete(key);
    return undefined;
  }

  private key(scope: string, key: string): string {
    const deadline = this.deadlines.get(scope);
    // Every server reads the same deadlines from the same rows, so this one is not told to others.
    // What went public did so at the deadline, not when a request noticed.
    if (deadline !== undefined && this.wallClock() >= deadline) this.invalidateHere(scope);
    return `${this.epoch}:${scope}#${this.generations.get(scope) ?? 0}\u0000${key}`;
  }

  /** The kept value, or undefined when there is none (or it expired or was invalidated). */
  get<T>(scope: string, key: string): { value: T } | undefined {
    return this.live(this.key(scope, key)) as { value: T } | undefined;
  }

  set<T>(scope: string, key: string, value: T): T {
    this.lru.set(this.key(scope, key), { value });
    return value;
  }

  /**
   * The scope as it is now, to keep a value made from what is read now (`setAt`): a value kept
   * under it after the scope was invalidated meanwhile (a write, here or on a peer, while the
   * value was being made) lands where nobody looks, instead of passing for fresh.
   */
  generation(scope: string): Generation {
    return { prefix: this.key(scope, ''), at: this.invalidations };
  }

  /** Keeps a value under the generation it was made in (see `generation`), made from `parts` of its scope if given. */
  setAt<T>(generation: Generation, key: string, value: T, parts?: readonly string[]): T {
    this.lru.set(`${generation.prefix}${key}`, parts ? { value, parts, madeAt: generation.at } : { value });
    return value;
  }

  /**
   * The kept value, or `make()`'s, made once however many callers miss at the same time. `make` may
   * say which parts of the scope the value was made from (`fromParts`). A caller never joins a
   * making that began before an invalidation it came after: what that making read may be the old
   * content, so it begins one of its own. `keep`: whether a made value is kept at all (an answer
   * to one address that must not weigh on the others is only shared with concurrent callers).
   */
  async fetch<T>(
    scope: string,
    key: string,
    make: () => Promise<T | MadeFromParts<T>>,
    keep: (value: T) => boolean = () => true,
  ): Promise<T> {
    const full = this.key(scope, key);
    const kept = this.live(full);
    if (kept) return kept.value as T;
    const pending = this.making.get(full);
    if (pending && pending.madeAt === this.invalidations) return (await pending.kept).value as T;
    const madeAt = this.invalidations;
    const making: Making = {
      madeAt,
      kept: make().then((made) => {
        const value: Kept = isMadeFromParts(made) ? { value: made.value, parts: made.parts, madeAt } : { value: made, madeAt };
        // Made from content a write has changed since (here or on a peer): answered, never kept.
        if (this.current(value) && keep(value.value as T)) this.lru.set(full, value);
        return value;
      }),
    };
    this.making.set(full, making);
    try {
      return (await making.kept).value as T;
    } finally {
      if (this.making.get(full) === making) this.making.delete(full);
    }
  }

  /** Forgets one scope's entries, or every entry when no scope is given, here and on peer servers. */
  invalidate(scope?: string): void {
    this.invalidateHere(scope);
    for (const listener of this.listeners) listener(scope);
  }

  /** Forgets entries on this server only (what a peer's invalidation does here). */
  invalidateHere(scope?: string): void {
    this.invalidations += 1;
    if (scope === undefined) {
      this.epoch += 1;
      this.deadlines.clear();
    } else if (scope.includes('/')) {
      // A part: what was made from it, or from parts not known, goes; the rest of the scope stays.
      this.partsMoved.set(scope, this.invalidations);
      this.partsMoved.set(anyPart(scope.slice(0, scope.lastIndexOf('/'))), this.invalidations);
    } else {
      this.generations.set(scope, (this.generations.get(scope) ?? 0) + 1);
      this.deadlines.delete(scope);
    }
  }

  /** Calls `listener` with each invalidation made through `invalidate`; returns how to stop. */
  onInvalidate(listener: (scope: string | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Registers how to wait until the invalidations made so far have been told to peers; returns how to stop. */
  onTold(settled: () => Promise<void>): () => void {
    this.tellers.add(settled);
    return () => this.tellers.delete(settled);
  }

  /**
   * Resolves once every invalidation made so far has reached the peer servers (at once without
   * peers): a write answered after this is read back as written from any of them.
   */
  async told(): Promise<void> {
    await Promise.all([...this.tellers].map((settled) => settled()));
  }

  /** Forgets a scope's entries at wall-clock time `at` (ms) if nothing invalidates them before. */
  expireAt(scope: string, at: number): void {
    const deadline = this.deadlines.get(scope);
    if (deadline === undefined || at < deadline) this.deadlines.set(scope, at);
  }

  /**
   * The keys of a scope's entries that would answer now (not expired, not made old by a write), as
   * given to `set` (tests and diagnostics): `size` also counts what waits to be pushed out.
   */
  keysIn(scope: string): string[] {
    return this.liveEntries()
      .filter(([from]) => from === scope)
      .map(([, key]) => key);
  }

  /**
   * Every scope's keys that would answer now, as `scope key` (tests): a test that asks whether
   * something was kept compares these, as `size` moves also when an upkeep job's write makes
   * entries old and they are made again.
   */
  liveKeys(): string[] {
    return this.liveEntries().map(([scope, key]) => `${scope} ${key}`);
  }

  /** [scope, key as given to `set`] of every entry that would answer now (keysIn, liveKeys). */
  private liveEntries(): [string, string][] {
    const live: [string, string][] = [];
    const epoch = `${this.epoch}:`;
    for (const key of this.lru.keys()) {
      const end = key.indexOf('\u0000');
      const at = key.lastIndexOf('#', end);
      if (!key.startsWith(epoch) || end === -1 || at === -1) continue;
      const scope = key.slice(epoch.length, at);
      if (key.startsWith(this.key(scope, '')) && this.current(this.lru.peek(key))) live.push([scope, key.slice(end + 1)]);
    }
    return live;
  }

  /** Entries currently kept (tests and diagnostics). */
  get size(): number {
    return this.lru.size;
  }
}

/** Answers and pages weigh their bytes; anything else counts as one small entry. */
function sizeOf({ value }: Kept): number {
  const size = (value as Partial<Sized> | null)?.size;
  return typeof size === 'number' && size > 0 ? size : SMALL_ENTRY;
}

const FROM_PARTS = Symbol('made from parts');

/** What `fetch`'s maker returns for a value made from `parts` of its scope. */
export function fromParts<T>(value: T, parts: readonly string[]): MadeFromParts<T> {
  return Object.assign({ value, parts }, { [FROM_PARTS]: true });
}

function isMadeFromParts(made: unknown): made is MadeFromParts<unknown> {
  return typeof made === 'object' && made !== null && FROM_PARTS in made;
}
