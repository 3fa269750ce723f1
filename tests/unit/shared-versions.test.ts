/**
 * How a server keeps in step with the others on one PostgreSQL (cache/shared-versions.ts), with the
 * table's read and write given by the test: which read a request may share, what a read makes it
 * forget, and when a write may be answered.
 */
import { describe, expect, it } from 'vitest';
import { Cache } from '../../src/server/cache/cache';
import { SharedVersions, type SharedVersionsOptions, type VersionRow } from '../../src/server/cache/shared-versions';

/** A promise the test settles when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** The table's reads, each held until the test answers it. */
function heldReads() {
  const reads: ReturnType<typeof deferred<VersionRow[]>>[] = [];
  return {
    reads,
    read: () => {
      const read = deferred<VersionRow[]>();
      reads.push(read);
      return read.promise;
    },
  };
}

const settledYet = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(() => (settled = true));
  // Long enough for any chain of promises to run, not for a query.
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

const noBump: SharedVersionsOptions['bump'] = async () => [];

describe('a request catches up with the table before it is answered', () => {
  it('shares only a read that began after it arrived: arriving during one, it waits for the next', async () => {
    const { reads, read } = heldReads();
    const versions = new SharedVersions(new Cache(), { read, bump: noBump });
    const first = versions.catchUp();
    expect(reads).toHaveLength(1);
    // Two requests arrive while the first read is under way: it may have missed a write
    // acknowledged just before they came, so neither is answered by it.
    const second = versions.catchUp();
    const third = versions.catchUp();
    expect(reads).toHaveLength(1);
    reads[0]!.resolve([]);
    expect(await settledYet(first)).toBe(true);
    expect(await settledYet(second)).toBe(false);
    expect(await settledYet(third)).toBe(false);
    // The next read began as soon as the first ended, and serves both.
    expect(reads).toHaveLength(2);
    const fourth = versions.catchUp(); // arrives during the second read: waits for a third
    reads[1]!.resolve([]);
    expect(await settledYet(second)).toBe(true);
    expect(await settledYet(third)).toBe(true);
    expect(await settledYet(fourth)).toBe(false);
    expect(reads).toHaveLength(3);
    reads[2]!.resolve([]);
    expect(await settledYet(fourth)).toBe(true);
    // Nothing under way: the next request begins a read of its own at once.
    const fifth = versions.catchUp();
    expect(reads).toHaveLength(4);
    reads[3]!.resolve([]);
    await fifth;
    await versions.close();
  });

  it('forgets what a moved scope kept, keeps the rest, and forgets a scope once per move', async () => {
    const cache = new Cache();
    const { reads, read } = heldReads();
    const versions = new SharedVersions(cache, { read, bump: noBump });
    const answer = (rows: VersionRow[]) => {
      const caught = versions.catchUp();
      reads.at(-1)!.resolve(rows);
      return caught;
    };
    // The first look learns where the table stands (PostgreSQL's bigints come as strings).
    await answer([{ scope: 'site:a', version: '4' }]);
    cache.set('site:a', 'sliders', 'old');
    cache.set('site:b', 'sliders', 'kept');
    await answer([{ scope: 'site:a', version: '4' }]);
    expect(cache.get('site:a', 'sliders')).toEqual({ value: 'old' });
    await answer([
      { scope: 'site:a', version: '5' },
      { scope: 'site:c', version: '1' },
    ]);
    expect(cache.get('site:a', 'sliders')).toBeUndefined();
    expect(cache.get('site:b', 'sliders')).toEqual({ value: 'kept' });
    cache.set('site:a', 'sliders', 'new');
    await answer([{ scope: 'site:a', version: '5' }]);
    expect(cache.get('site:a', 'sliders')).toEqual({ value: 'new' });
    // A move of everything (a site created or deleted) forgets everything.
    await answer([{ scope: '*', version: '1' }]);
    expect(cache.get('site:a', 'sliders')).toBeUndefined();
    expect(cache.get('site:b', 'sliders')).toBeUndefined();
    await versions.close();
  });

  it('forgets everything it keeps when the table cannot be read, and says why', async () => {
    const cache = new Cache();
    const errors: unknown[] = [];
    let fail = false;
    const versions = new SharedVersions(cache, {
      read: async () => {
        if (fail) throw new Error('Connection terminated unexpectedly');
        return [];
      },
      bump: noBump,
      onError: (error) => errors.push(error),
    });
    await versions.catchUp();
    cache.set('site:a', 'sliders', 'kept');
    fail = true;
    await expect(versions.catchUp()).resolves.toBeUndefined();
    expect(cache.get('site:a', 'sliders')).toBeUndefined();
    expect(String(errors[0])).toContain('Connection terminated');
    await versions.close();
  });
});

describe('a write is answered once its versions have moved', () => {
  it('moves the scopes one tick invalidated in one statement, in one order, and Cache.told waits for it', async () => {
    const cache = new Cache();
    const bumps: { scopes: string[]; done: ReturnType<typeof deferred<VersionRow[]>> }[] = [];
    const versions = new SharedVersions(cache, {
      read: async () => [],
      bump: (scopes) => {
        const done = deferred<VersionRow[]>();
        bumps.push({ scopes, done });
        return done.promise;
      },
    });
    await cache.told(); // nothing invalidated: at once
    cache.invalidate('site:demo/sliders');
    cache.invalidate('site:demo/pages');
    const told = cache.told();
    expect(await settledYet(told)).toBe(false);
    expect(bumps.map((bump) => bump.scopes)).toEqual([['site:demo/pages', 'site:demo/sliders']]);
    bumps[0]!.done.resolve([]);
    expect(await settledYet(told)).toBe(true);
    // Everything at once is one scope of its own.
    cache.invalidate('site:demo');
    cache.invalidate();
    const toldAgain = cache.told();
    await new Promise((resolve) => setImmediate(resolve));
    expect(bumps[1]!.scopes).toEqual(['*']);
    bumps[1]!.done.resolve([]);
    await toldAgain;
    await versions.close();
  });

  it('keeps a write waiting while its versions cannot be moved, and moves them once it can', async () => {
    const cache = new Cache();
    const errors: unknown[] = [];
    const tried: string[][] = [];
    const versions = new SharedVersions(cache, {
      read: async () => [],
      bump: async (scopes) => {
        tried.push(scopes);
        if (tried.length < 3) throw new Error('the database is away');
        return [];
      },
      onError: (error) => errors.push(error),
    });
    cache.invalidate('site:demo');
    let told = false;
    const waiting = cache.told().then(() => (told = true));
    await expect.poll(() => errors.length).toBe(1);
    expect(told).toBe(false);
    await waiting;
    expect(tried).toEqual([['site:demo'], ['site:demo'], ['site:demo']]);
    await versions.close();
  });

  it('does not forget again what it invalidated itself, unless another server moved the scope meanwhile', async () => {
    const cache = new Cache();
    const table = new Map<string, number>();
    const versions = new SharedVersions(cache, {
      read: async () => [...table].map(([scope, version]) => ({ scope, version: String(version) })),
      bump: async (scopes) =>
        scopes.map((scope) => {
          table.set(scope, (table.get(scope) ?? 0) + 1);
          return { scope, version: String(table.get(scope)) };
        }),
    });
    await versions.catchUp();
    cache.invalidate('site:a');
    await cache.told();
    cache.set('site:a', 'sliders', 'made after the write');
    await versions.catchUp();
    expect(cache.get('site:a', 'sliders')).toEqual({ value: 'made after the write' });
    // Another server moves site:a, then this one does: the other's write is still to be applied.
    table.set('site:a', table.get('site:a')! + 1);
    cache.invalidate('site:a');
    await cache.told();
    cache.set('site:a', 'sliders', 'made before the other write was seen');
    await versions.catchUp();
    expect(cache.get('site:a', 'sliders')).toBeUndefined();
    await versions.close();
  });
});
