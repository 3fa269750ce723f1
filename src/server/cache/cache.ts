/**
 * The server's one cache. Everything kept in memory lives here: public API answers, rendered
 * pages, search totals and application rows. It is an LRU bounded by size (lru-cache), so a full
 * cache drops its least used entries instead of everything; concurrent misses of one key compute
 * once (lru-cache's fetch); and entries belong to a scope (an application, a table) that a write
 * invalidates in O(1): the scope's generation moves on, so its old keys are never asked for again
 * and age out of the LRU. Servers sharing one PostgreSQL tell each other their invalidations
 * (peer-invalidation.ts, through `onInvalidate`); entries also expire after `ttlMs`, a safety net
 * for a message lost between them.
 *
 * A value may also depend on parts of its scope (`site:demo/sliders`): kept with those parts, it is
 * dropped only when one of them, or the whole scope, is invalidated. So a write to a site's slides
 * leaves its About page kept. A value whose parts are not known depends on `scope/*`, which every
 * part's invalidation moves too.
 *
 * A value fetched with `fetchOrPrevious` (a rendered page) may be answered by its previous copy
 * while the next one is made: when what it was made from changed at most `previousForMs` ago (a
 * write a moment before), or it only aged past the TTL. Its next version is made in the
 * background, once, and answers from then on.
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
  /** How long after a write a previous copy may still answer while its next one is made (`fetchOrPrevious`). */
  previousForMs?: number;
  /** How long after a previous copy answered its next one begins to be made (`fetchOrPrevious`). */
  remakeAfterMs?: number;
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

/** A value as last made for a key of `fetchOrPrevious`, and the full key it was kept under. */
interface Previous extends Kept {
  madeAt: number;
  key: string;
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

/**
 * How long after a previous copy has answered its next one begins to be made. Not at once: a render
 * holds the thread for milliseconds, and begun as the copy is written, it took the processor from
 * the one receiving it on the same host (on this 2-core machine, the bench's reader: the page
 * after a write, read by a visitor, p90 1.8–2.1 ms with 20 ms against 3.6–4.5 ms at once; in
 * production, a proxy in front relaying the answer). An author never waits for it: their read
 * makes the page at once, and the delayed making then shares theirs.
 */
const REMAKE_AFTER_MS = 20;

export class Cache {
  private readonly lru: LRUCache<string, Kept, () => Promise<unknown>>;
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
  /**
   * The last value made for each key of `fetchOrPrevious`, by scope and key (not generation): what
   * answers while the next one is made. Mostly the very objects the LRU holds; bounded on its own
   * for when the LRU has let them go.
   */
  private readonly previous = new Map<string, Previous>();
  /** The weight of `previous` (as the LRU weighs), and its bound. */
  private previousWeight = 0;
  private readonly previousMaxWeight: number;
  private readonly previousForMs: number;
  private readonly remakeAfterMs: number;
  /** The wall-clock time of each invalidation of the last `previousForMs`, by its count. */
  private readonly invalidatedAt = new Map<number, number>();

  constructor({
    maxSize = 64 * 1024 * 1024,
    ttlMs = 10_000,
    now = () => performance.now(),
    wallClock = Date.now,
    previousForMs = 1_000,
    remakeAfterMs = REMAKE_AFTER_MS,
  }: CacheOptions = {}) {
    this.wallClock = wallClock;
    this.previousForMs = previousForMs;
    this.remakeAfterMs = remakeAfterMs;
    // A Map, not a second LRUCache: lru-cache's methods, hot on every kept answer, slowed by a tenth
    // (GET /cms/sliders, 11.3k against 12.4k req/s) when they met two differently made instances.
    this.previousMaxWeight = maxSize / 4;
    this.lru = new LRUCache({
      maxSize,
      ttl: ttlMs,
      // Expired entries are not served; no timer is needed to drop them.
      ttlAutopurge: false,
      ttlResolution: 0,
      perf: { now },
      sizeCalculation: sizeOf,
      fetchMethod: async (_key, _stale, { context }) => {
        const madeAt = this.invalidations;
        const made = await context();
        return isMadeFromParts(made) ? { value: made.value, parts: made.parts, madeAt } : { value: made, madeAt };
      },
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
    if (deadline !== undefined && this.wallClock() >= deadline) this.invalidateHere(scope, deadline);
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
   * say which parts of the scope the value was made from (`fromParts`).
   */
  async fetch<T>(scope: string, key: string, make: () => Promise<T | MadeFromParts<T>>): Promise<T> {
    const full = this.key(scope, key);
    // A kept value that is out of date is dropped first (only such a one: a delete would abort one being made).
    this.live(full);
    const made = await this.lru.fetch(full, { context: make });
    return made!.value as T;
  }

  /**
   * Like `fetch`, but when nothing current is kept, the value last made for this key answers at
   * once (`previous: true`) if it may stand in, while the next one is made in the background (once,
   * however many ask); otherwise the caller waits for the next one. `standIn: false` always waits
   * (the author of a write reads it back as written).
   */
  async fetchOrPrevious<T>(
    scope: string,
    key: string,
    make: () => Promise<T | MadeFromParts<T>>,
    standIn = true,
  ): Promise<{ value: T; previous: boolean }> {
    const full = this.key(scope, key);
    const id = `${scope}\u0000${key}`;
    const remember = (made: Kept | undefined) => {
      if (made?.madeAt !== undefined) this.keepPrevious(id, { ...made, madeAt: made.madeAt, key: full });
    };
    if (!this.live(full)) {
      const copy = standIn ? this.previous.get(id) : undefined;
      if (copy && this.mayStandIn(copy, full)) {
        // Begun a moment after the caller has sent the copy (REMAKE_AFTER_MS). Its failure is the
        // next caller's to see: past the grace, it waits for a making of its own.
        setTimeout(() => void this.lru.fetch(full, { context: make }).then(remember, () => undefined), this.remakeAfterMs);
        return { value: copy.value as T, previous: true };
      }
    }
    const made = await this.lru.fetch(full, { context: make });
    remember(made);
    return { value: made!.value as T, previous: false };
  }

  /** Keeps `copy` as the last made for `id`; past the bound, the least recently made copies go. */
  private keepPrevious(id: string, copy: Previous): void {
    const replaced = this.previous.get(id);
    if (replaced) {
      this.previous.delete(id);
      this.previousWeight -= sizeOf(replaced);
    }
    this.previous.set(id, copy);
    this.previousWeight += sizeOf(copy);
    // In the order they were made: the oldest first.
    for (const [oldest, value] of this.previous) {
      if (this.previousWeight <= this.previousMaxWeight) break;
      this.previous.delete(oldest);
      this.previousWeight -= sizeOf(value);
    }
  }

  /**
   * Whether a previous copy may answer while its next one is made: nothing it was made from has
   * changed since (it only aged past the TTL), or the first invalidation after its making (the
   * earliest moment it can have gone out of date) was at most `previousForMs` ago.
   */
  private mayStandIn(copy: Previous, full: string): boolean {
    if (copy.key === full && this.current(copy)) return true;
    const outdatedAt = this.invalidatedAt.get(copy.madeAt + 1);
    return outdatedAt !== undefined && this.wallClock() - outdatedAt <= this.previousForMs;
  }

  /** Forgets one scope's entries, or every entry when no scope is given, here and on peer servers. */
  invalidate(scope?: string): void {
    this.invalidateHere(scope);
    for (const listener of this.listeners) listener(scope);
  }

  /** Forgets entries on this server only (what a peer's invalidation does here); `at`: when what changed did (wall clock). */
  invalidateHere(scope?: string, at = this.wallClock()): void {
    this.invalidations += 1;
    const now = this.wallClock();
    this.invalidatedAt.set(this.invalidations, at);
    // In count order: the oldest first.
    for (const [count, at] of this.invalidatedAt) {
      if (now - at <= this.previousForMs) break;
      this.invalidatedAt.delete(count);
    }
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
