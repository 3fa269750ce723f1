/** The server's one cache and the kept HTTP answers it serves. */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { anyPart, Cache, fromParts } from '../../src/server/cache/cache';
import { readParts, writtenParts } from '../../src/server/cache/public-answers';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import Fastify from 'fastify';
import {
  brotliWindowFor,
  chooseCoding,
  compressAhead,
  makeAnswer,
  notModifiedCarriesNoBody,
  sendAnswer,
} from '../../src/server/cache/http-answer';

describe('Cache', () => {
  it('keeps values per scope and forgets one scope without touching the others', () => {
    const cache = new Cache();
    cache.set('site:a', '/cms/sliders', 1);
    cache.set('site:b', '/cms/sliders', 2);
    cache.invalidate('site:a');
    expect(cache.get('site:a', '/cms/sliders')).toBeUndefined();
    expect(cache.get('site:b', '/cms/sliders')).toEqual({ value: 2 });
    cache.set('site:a', '/cms/sliders', 3);
    expect(cache.get('site:a', '/cms/sliders')).toEqual({ value: 3 });
  });

  it('lists the keys that would answer now: not those a write made old, which `size` still counts', () => {
    const cache = new Cache();
    cache.set('site:a', '/cms/sliders', 1);
    cache.set('site:b', 'page /about', 2);
    expect(cache.liveKeys().sort()).toEqual(['site:a /cms/sliders', 'site:b page /about']);
    cache.invalidate('site:a');
    cache.set('site:a', '/cms/sliders', 3);
    expect(cache.size).toBe(3);
    expect(cache.liveKeys().sort()).toEqual(['site:a /cms/sliders', 'site:b page /about']);
    cache.invalidate();
    expect(cache.liveKeys()).toEqual([]);
  });

  it('forgets every scope at once', () => {
    const cache = new Cache();
    cache.set('a', 'k', 1);
    cache.set('b', 'k', 2);
    cache.invalidate();
    expect(cache.get('a', 'k')).toBeUndefined();
    expect(cache.get('b', 'k')).toBeUndefined();
  });

  it('tells its listeners what a write invalidated, but not what a peer told it or a deadline expired', () => {
    let wall = 0;
    const cache = new Cache({ wallClock: () => wall });
    const told: (string | undefined)[] = [];
    const stop = cache.onInvalidate((scope) => told.push(scope));
    cache.set('a', 'k', 1);
    cache.invalidate('a');
    cache.invalidate();
    cache.set('b', 'k', 2);
    cache.invalidateHere('b');
    expect(cache.get('b', 'k')).toBeUndefined();
    cache.set('c', 'k', 3);
    cache.expireAt('c', 10);
    wall = 10;
    expect(cache.get('c', 'k')).toBeUndefined();
    expect(told).toEqual(['a', undefined]);
    stop();
    cache.invalidate('a');
    expect(told).toEqual(['a', undefined]);
  });

  it('makes a missing value once however many callers ask at the same time, absence included', async () => {
    const cache = new Cache();
    const make = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return undefined;
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.fetch('s', 'missing', make)));
    expect(answers).toEqual(Array(20).fill(undefined));
    expect(make).toHaveBeenCalledTimes(1);
    await cache.fetch('s', 'missing', make);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('a value made before an invalidation and kept after it is never served as fresh', () => {
    const cache = new Cache();
    // A read begins, a write invalidates the site while the read is made, then the read is kept.
    const began = cache.generation('site:a');
    cache.invalidateHere('site:a');
    cache.setAt(began, '/cms/sliders', 'made from the rows before the write');
    expect(cache.get('site:a', '/cms/sliders')).toBeUndefined();
    // With no write in between it is kept as usual.
    const next = cache.generation('site:a');
    cache.setAt(next, '/cms/sliders', 'current');
    expect(cache.get('site:a', '/cms/sliders')).toEqual({ value: 'current' });
    cache.invalidateHere();
    expect(cache.get('site:a', '/cms/sliders')).toBeUndefined();
  });

  it('drops a value made from parts of a scope only when one of its parts, or the whole scope, is invalidated', async () => {
    const cache = new Cache();
    const about = () => cache.get('site:a', '/about')?.value;
    const home = () => cache.get('site:a', '/')?.value;
    await cache.fetch('site:a', '/about', async () => fromParts('about', ['site:a/pages', 'site:a/menus']));
    await cache.fetch('site:a', '/', async () => fromParts('home', ['site:a/sliders', 'site:a/menus']));
    await cache.fetch('site:a', 'unknown', async () => fromParts('any', [anyPart('site:a')]));
    cache.invalidateHere('site:a/sliders');
    expect(about()).toBe('about');
    expect(home()).toBeUndefined();
    // What depends on parts not known goes with any part.
    expect(cache.get('site:a', 'unknown')).toBeUndefined();
    // Another site's parts are its own.
    cache.invalidateHere('site:b/pages');
    expect(about()).toBe('about');
    cache.invalidateHere('site:a/menus');
    expect(about()).toBeUndefined();
    await cache.fetch('site:a', '/about', async () => fromParts('about again', ['site:a/pages']));
    cache.invalidateHere('site:a');
    expect(about()).toBeUndefined();
  });

  it('keeps no value as fresh when a part it reads moved while it was made', async () => {
    const cache = new Cache();
    let made = 0;
    const render = () =>
      cache.fetch('site:a', '/', async () => {
        made += 1;
        // The write lands while the page is being made from the rows before it.
        if (made === 1) cache.invalidateHere('site:a/sliders');
        return fromParts(`home ${made}`, ['site:a/sliders']);
      });
    expect(await render()).toBe('home 1');
    expect(cache.get('site:a', '/')).toBeUndefined();
    expect(await render()).toBe('home 2');
    expect(cache.get('site:a', '/')?.value).toBe('home 2');
    // The same for an answer kept by hand under the generation its read began in.
    const began = cache.generation('site:a');
    cache.invalidateHere('site:a/posts');
    cache.setAt(began, '/cms/posts', 'old posts', ['site:a/posts']);
    expect(cache.get('site:a', '/cms/posts')).toBeUndefined();
  });

  describe('fresh for everyone (fetch)', () => {
    /** A page made from the slides whose making the test finishes by hand, counting its makings. */
    function pageCache() {
      const cache = new Cache();
      const renders: Array<() => void> = [];
      let made = 0;
      const page = () =>
        cache.fetch('site:a', '/', async () => {
          const version = ++made;
          await new Promise<void>((resolve) => renders.push(resolve));
          return fromParts(`home ${version}`, ['site:a/sliders']);
        });
      const finish = async () => {
        await new Promise((resolve) => setImmediate(resolve));
        for (const render of renders.splice(0)) render();
      };
      return { cache, page, finish, makings: () => made };
    }

    it('makes a page once for concurrent readers, and every reader after a write waits for the new one', async () => {
      const { cache, page, finish, makings } = pageCache();
      const readers = [page(), page(), page()];
      await finish();
      expect(await Promise.all(readers)).toEqual(['home 1', 'home 1', 'home 1']);
      expect(makings()).toBe(1);
      cache.invalidate('site:a/sliders');
      const after = [page(), page()];
      await finish();
      expect(await Promise.all(after)).toEqual(['home 2', 'home 2']);
      expect(makings()).toBe(2);
    });

    it('does not let a reader after a write join a making begun before it, nor keep that making', async () => {
      const { cache, page, finish, makings } = pageCache();
      const before = page();
      cache.invalidate('site:a/sliders');
      const after = page();
      await finish();
      expect(await before).toBe('home 1');
      expect(await after).toBe('home 2');
      expect(makings()).toBe(2);
      // What began before the write was answered to its own reader only.
      expect(cache.get('site:a', '/')?.value).toBe('home 2');
    });
  });

  it('expires entries after its time to live', () => {
    let clock = 10_000; // lru-cache reads a start time of 0 as "never set"
    const cache = new Cache({ ttlMs: 1_000, now: () => clock });
    cache.set('s', 'k', 'v');
    clock = 10_999;
    expect(cache.get('s', 'k')).toEqual({ value: 'v' });
    clock = 11_001;
    expect(cache.get('s', 'k')).toBeUndefined();
  });

  it('stays within its size by dropping the least recently used entries, not everything', () => {
    const cache = new Cache({ maxSize: 5_000 });
    const answer = (n: number) => makeAnswer(`${n}`.padEnd(100, '.'), {});
    for (let n = 0; n < 30; n++) cache.set('s', `k${n}`, answer(n));
    cache.get('s', 'k0');
    for (let n = 30; n < 100; n++) cache.set('s', `k${n}`, answer(n));
    expect(cache.get('s', 'k99')).toBeDefined();
    expect(cache.get('s', 'k1')).toBeUndefined();
    expect(cache.size).toBeGreaterThan(10);
    expect(cache.size).toBeLessThanOrEqual(50);
  });
});

describe('kept HTTP answers', () => {
  const big = JSON.stringify({ data: 'x'.repeat(5_000) });

  it('keeps the resource headers, drops the transfer ones, and compresses large bodies both ways once', () => {
    const answer = makeAnswer(big, { 'content-type': 'application/json', 'content-length': 12, vary: 'origin' });
    expect(answer.headers).toEqual({ 'content-type': 'application/json' });
    expect(gunzipSync(answer.gzip!).toString()).toBe(big);
    expect(brotliDecompressSync(answer.br!).toString()).toBe(big);
    expect(makeAnswer('{}', {}).gzip).toBeUndefined();
    expect(makeAnswer(big, {}).etag).toBe(answer.etag);
  });

  it('makes each compressed form the first time it is asked for, and only once', () => {
    const answer = makeAnswer(big, {});
    const made = (coding: 'br' | 'gzip') => Object.getOwnPropertyDescriptor(answer, coding)?.get === undefined;
    expect([made('br'), made('gzip')]).toEqual([false, false]);
    const br = answer.br;
    expect(answer.br).toBe(br);
    // Sending brotli made brotli only: a page's first visitor waits for one compression.
    expect([made('br'), made('gzip')]).toEqual([true, false]);
    expect(answer.size).toBe(Buffer.byteLength(big) * 2);
  });

  it('gives every reader the one brotli form: the first who asks waits for it, and made ahead no one does', async () => {
    // Text like a page's: words from a small vocabulary, in an order that does not repeat.
    const words = ['branch', 'loan', 'savings', 'field', 'officer', 'member', 'report', 'training', 'network', 'audit'];
    let seed = 7;
    const page = Array.from({ length: 6_000 }, () => words[(seed = (seed * 48_271) % 2_147_483_647) % words.length]).join(' ');
    const answer = makeAnswer(page, {});
    const first = answer.br!;
    expect(brotliDecompressSync(first).toString()).toBe(page);
    // Nothing makes another after it: the next reader gets the very same bytes.
    await compressAhead(answer);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answer.br).toBe(first);
    // Made ahead (a page made without a reader), off the main thread: the same form.
    const ahead = makeAnswer(page, {});
    await compressAhead(ahead);
    expect(Object.getOwnPropertyDescriptor(ahead, 'br')?.value).toEqual(first);
  });

  it('gives brotli a window that holds the whole answer, no larger, and the answer comes back whole', () => {
    for (const length of [0, 1_000, 65_000, 65_520, 65_521, 300_000, 5_000_000]) {
      const bits = brotliWindowFor(length);
      expect((1 << bits) - 16, `${length} bytes`).toBeGreaterThanOrEqual(length);
      expect((1 << (bits - 1)) - 16, `${length} bytes`).toBeLessThan(Math.max(length, 1 << 10));
    }
    expect(brotliWindowFor(100_000_000)).toBe(24);
    const words = ['branch', 'loan', 'savings', 'field', 'officer', 'member', 'report', 'training', 'network', 'audit'];
    let seed = 11;
    const page = Array.from({ length: 40_000 }, () => words[(seed = (seed * 48_271) % 2_147_483_647) % words.length]).join(' ');
    expect(page.length).toBeGreaterThan(200_000);
    expect(brotliDecompressSync(makeAnswer(page, {}).br!).toString()).toBe(page);
  });

  it('reads quality values, so q=0 refuses a coding', () => {
    const answer = makeAnswer(big, {});
    expect(chooseCoding(answer, 'gzip;q=0, br;q=0.5')).toBe('br');
    expect(chooseCoding(answer, 'gzip;q=0, br;q=0.5, identity')).toBe('identity');
    expect(chooseCoding(answer, 'gzip, deflate, br')).toBe('br');
    expect(chooseCoding(answer, 'gzip')).toBe('gzip');
    expect(chooseCoding(answer, 'gzip;q=0')).toBe('identity');
    expect(chooseCoding(answer, 'br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(chooseCoding(answer, '*')).toBe('br');
    expect(chooseCoding(answer, undefined)).toBe('identity');
    expect(chooseCoding(makeAnswer('{}', {}), 'gzip, br')).toBe('identity');
  });

  it('reads a header it has seen before the same way, and still reads new ones once many were seen', () => {
    const answer = makeAnswer(big, {});
    expect(chooseCoding(answer, 'gzip;q=0, br;q=0')).toBe('identity');
    expect(chooseCoding(answer, 'gzip;q=0, br;q=0')).toBe('identity');
    for (let n = 0; n < 200; n++) {
      expect(chooseCoding(answer, `gzip;q=0.${(n % 9) + 1}, x-${n}`)).toBe('gzip');
      expect(chooseCoding(answer, `br;q=0, gzip;q=0, x-${n}`)).toBe('identity');
    }
    expect(chooseCoding(answer, 'gzip, deflate, br, zstd')).toBe('br');
  });
});

describe('a kept answer sent', () => {
  const big = 'A kept page. '.repeat(400);
  /** A server as ours is put together around kept answers: a hook after them, then ETags and compression. */
  async function serverSending(answer: ReturnType<typeof makeAnswer>) {
    const app = Fastify();
    app.get('/kept', (request, reply) => sendAnswer(request, reply, answer));
    app.get('/fresh', (_request, reply) => reply.type('text/plain').send(big));
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('x-added-later', 'seen');
      return payload;
    });
    await app.register(etag);
    app.addHook('onSend', notModifiedCarriesNoBody);
    await app.register(compress, { global: true, threshold: 1024 });
    return app;
  }

  it('goes through every onSend hook, in the form the client accepts, compressed once', async () => {
    const answer = makeAnswer(big, { 'content-type': 'text/plain', 'x-first': 'kept' });
    const app = await serverSending(answer);
    for (const [accept, decode] of [
      ['br, gzip', brotliDecompressSync],
      ['gzip', gunzipSync],
      ['identity', (body: Buffer) => body],
    ] as const) {
      const res = await app.inject({ url: '/kept', headers: { 'accept-encoding': accept } });
      expect(res.headers['x-added-later']).toBe('seen');
      expect(res.headers['x-first']).toBe('kept');
      expect(res.headers.etag).toBe(answer.etag);
      expect(decode(res.rawPayload).toString()).toBe(big);
    }
    await app.close();
  });

  it('is a 304 for a current copy, through @fastify/etag, as any other answer is', async () => {
    const answer = makeAnswer(big, { 'content-type': 'text/plain' });
    const app = await serverSending(answer);
    const kept = await app.inject({ url: '/kept', headers: { 'if-none-match': answer.etag, 'accept-encoding': 'br' } });
    expect(kept.statusCode).toBe(304);
    expect(kept.body).toBe('');
    // It speaks of the copy the client holds: no encoding, no length of a body it does not carry.
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.headers.etag).toBe(answer.etag);
    const fresh = await app.inject({ url: '/fresh' });
    expect(fresh.headers.etag).toMatch(/^"/);
    expect((await app.inject({ url: '/fresh', headers: { 'if-none-match': fresh.headers.etag as string } })).statusCode).toBe(
      304,
    );
    await app.close();
  });
});

describe('the parts of a site an answer is made from, and a write changes', () => {
  const parts = (list: string[] | undefined) => list?.map((part) => part.replace('site:demo/', '')).sort();

  it('reads: the resource, what it embeds and what its relations name', () => {
    expect(parts(readParts('demo', '/cms/sliders?size=10'))).toEqual(['sliders']);
    // A page's sections name the form a `form` section shows (sections.form_id).
    expect(parts(readParts('demo', '/cms/pages/about'))).toEqual(['forms', 'pages', 'sections', 'widgets']);
    expect(parts(readParts('demo', '/cms/posts?page=1'))).toEqual(['post-categories', 'posts']);
    expect(parts(readParts('demo', '/cms/applications/demo'))).toEqual(['applications']);
    expect(readParts('demo', '/cms/something-new')).toEqual([anyPart('site:demo')]);
  });

  it('writes: the resource and every record that names it; the whole site for what is not content', () => {
    expect(parts(writtenParts('demo', 'sliders'))).toEqual(['sliders']);
    expect(parts(writtenParts('demo', 'pages'))).toEqual(['pages', 'sections', 'widgets']);
    expect(parts(writtenParts('demo', 'post-categories'))).toEqual(['post-categories', 'posts']);
    expect(writtenParts('demo', 'applications')).toBeUndefined();
    expect(writtenParts('demo', 'users')).toBeUndefined();
    expect(writtenParts('demo', 'files')).toBeUndefined();
  });
});
