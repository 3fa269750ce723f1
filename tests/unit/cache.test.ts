/** The server's one cache and the kept HTTP answers it serves. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { anyPart, Cache, fromParts } from '../../src/server/cache/cache';
import { readParts, writtenParts } from '../../src/server/cache/public-answers';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import Fastify from 'fastify';
import {
  acceptedCodings,
  brotliWindowFor,
  chooseCoding,
  compressAhead,
  makeAnswer,
  notModifiedCarriesNoBody,
  sendAnswer,
  writeAnswer,
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

  describe('a previous copy while the next one is made (fetchOrPrevious)', () => {
    /** A cache on hand-turned clocks, and a page of it made from the slides, counting its makings. */
    function pageCache() {
      const clocks = { wall: 1_000_000, lru: 10_000 };
      const cache = new Cache({
        ttlMs: 10_000,
        now: () => clocks.lru,
        wallClock: () => clocks.wall,
        previousForMs: 1_000,
        remakeAfterMs: 0,
      });
      let made = 0;
      let finish: (() => void) | undefined;
      const page = (standIn = true) =>
        cache.fetchOrPrevious(
          'site:a',
          '/',
          async () => {
            made += 1;
            const version = made;
            // A render takes a while: the test says when it is done.
            await new Promise<void>((resolve) => (finish = resolve));
            return fromParts(`home ${version}`, ['site:a/sliders']);
          },
          standIn,
        );
      /** A making in the background begins once the copy has been answered: a timer later. */
      const begun = () => new Promise((resolve) => setTimeout(resolve, 0));
      const done = async () => {
        await begun();
        finish?.();
        await new Promise((resolve) => setTimeout(resolve, 0));
      };
      return { cache, clocks, page, begun, done, makings: () => made };
    }

    it('answers with the page as it was right after a write, makes the next one once, then answers with it', async () => {
      const { cache, clocks, page, begun, done, makings } = pageCache();
      const first = page();
      await done();
      expect(await first).toEqual({ value: 'home 1', previous: false });
      cache.invalidate('site:a/sliders');
      clocks.wall += 300;
      // Two visitors while it is made again: both get the previous copy at once; one making.
      expect(await page()).toEqual({ value: 'home 1', previous: true });
      expect(await page()).toEqual({ value: 'home 1', previous: true });
      expect(makings()).toBe(1);
      await begun();
      expect(makings()).toBe(2);
      await done();
      expect(await page()).toEqual({ value: 'home 2', previous: false });
      expect(cache.get('site:a', '/')?.value).toBe('home 2');
    });

    it('begins making the next one remakeAfterMs after the copy answered, and an author’s read at once', async () => {
      const cache = new Cache({ remakeAfterMs: 40 });
      let made = 0;
      const make = async () => fromParts(`home ${++made}`, ['site:a/sliders']);
      await cache.fetchOrPrevious('site:a', '/', make);
      cache.invalidate('site:a/sliders');
      expect(await cache.fetchOrPrevious('site:a', '/', make)).toEqual({ value: 'home 1', previous: true });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(made).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(made).toBe(2);
      // The author of the next write does not wait for the delay: the page is made for them at once.
      cache.invalidate('site:a/sliders');
      expect(await cache.fetchOrPrevious('site:a', '/', make, false)).toEqual({ value: 'home 3', previous: false });
    });

    it('lets no copy answer once the write that outdated it is more than previousForMs old', async () => {
      const { cache, clocks, page, done } = pageCache();
      const first = page();
      await done();
      await first;
      cache.invalidate('site:a/sliders');
      clocks.wall += 1_001;
      const waiting = page();
      await done();
      expect(await waiting).toEqual({ value: 'home 2', previous: false });
      // Nor after two writes, the first of them long ago: the copy has been out of date since the first.
      cache.invalidate('site:a/sliders');
      clocks.wall += 5_000;
      cache.invalidate('site:a/sliders');
      const again = page();
      await done();
      expect(await again).toEqual({ value: 'home 3', previous: false });
    });

    it('makes its author wait: standIn false answers with the page made after the write', async () => {
      const { cache, page, done } = pageCache();
      const first = page();
      await done();
      await first;
      cache.invalidate('site:a');
      const author = page(false);
      await done();
      expect(await author).toEqual({ value: 'home 2', previous: false });
    });

    it('answers with a copy that only aged past its time to live, however old, while it is made again', async () => {
      const { clocks, page, done } = pageCache();
      const first = page();
      await done();
      await first;
      clocks.lru += 60_000;
      clocks.wall += 60_000;
      expect(await page()).toEqual({ value: 'home 1', previous: true });
      await done();
      expect(await page()).toEqual({ value: 'home 2', previous: false });
    });

    it('counts a scheduled publish from its time, not from when a request noticed it', async () => {
      const { cache, clocks, page, done } = pageCache();
      const first = page();
      await done();
      await first;
      cache.expireAt('site:a', clocks.wall + 100);
      clocks.wall += 400;
      expect((await page()).previous).toBe(true);
      await done();
      expect(await page()).toEqual({ value: 'home 2', previous: false });
      // Noticed long after its time: the copy has been out of date since then.
      cache.expireAt('site:a', clocks.wall + 100);
      clocks.wall += 5_000;
      const waiting = page();
      await done();
      expect(await waiting).toEqual({ value: 'home 3', previous: false });
    });

    it('answers with the previous copy when the whole scope was invalidated a moment ago, not when everything was long ago', async () => {
      const { cache, clocks, page, done } = pageCache();
      const first = page();
      await done();
      await first;
      cache.invalidate('site:a');
      expect((await page()).previous).toBe(true);
      await done();
      cache.invalidate();
      clocks.wall += 2_000;
      const waiting = page();
      await done();
      expect(await waiting).toEqual({ value: 'home 3', previous: false });
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

  it('gives the one who waits a quick brotli form, and everyone after a smaller one made once that has gone', async () => {
    // Text like a page's: words from a small vocabulary, in an order that does not repeat.
    const words = ['branch', 'loan', 'savings', 'field', 'officer', 'member', 'report', 'training', 'network', 'audit'];
    let seed = 7;
    const page = Array.from({ length: 6_000 }, () => words[(seed = (seed * 48_271) % 2_147_483_647) % words.length]).join(' ');
    const answer = makeAnswer(page, {});
    const quick = answer.br!;
    expect(brotliDecompressSync(quick).toString()).toBe(page);
    expect(answer.br).toBe(quick);
    await new Promise((resolve) => setImmediate(resolve));
    const kept = answer.br!;
    expect(brotliDecompressSync(kept).toString()).toBe(page);
    expect(kept.length).toBeLessThan(quick.length);
    // Made ahead (a page made in the background), no one waits for a quick form: the kept one is made at once.
    const ahead = makeAnswer(page, {});
    compressAhead(ahead);
    expect(ahead.br).toEqual(kept);
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
    expect(acceptedCodings('gzip;q=0, br;q=0.5, identity')).toEqual(
      new Map([
        ['gzip', 0],
        ['br', 0.5],
        ['identity', 1],
      ]),
    );
    const answer = makeAnswer(big, {});
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

  it('is written from the first hook with the length of the form it sends, the quick one and then the kept one', async () => {
    const page = Array.from({ length: 3_000 }, (_, n) => `line ${(n * 7919) % 1000}`).join('\n');
    const answer = makeAnswer(page, { 'content-type': 'text/plain' });
    const server = http.createServer((request, response) => void writeAnswer(request, response, answer));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = () =>
      new Promise<{ length: string | undefined; body: Buffer }>((resolve, reject) => {
        http
          .get({ port, host: '127.0.0.1', headers: { 'accept-encoding': 'br' } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ length: res.headers['content-length'], body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
    const first = await get();
    await new Promise((resolve) => setImmediate(resolve));
    const second = await get();
    server.close();
    for (const { length, body } of [first, second]) {
      expect(Number(length)).toBe(body.length);
      expect(brotliDecompressSync(body).toString()).toBe(page);
    }
    expect(second.body.length).toBeLessThan(first.body.length);
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
    expect(parts(readParts('demo', '/cms/pages/about'))).toEqual(['pages', 'sections', 'widgets']);
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
