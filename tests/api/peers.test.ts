/**
 * Two servers on one PostgreSQL database: a write on one clears what the other keeps through
 * LISTEN/NOTIFY, long before the cache's 10-second TTL could, and again after the listening
 * connection was cut. (SQLite has one server per file: nothing to test there.)
 */
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/bootstrap';
import { Cache } from '../../src/server/cache/cache';
import { channelFor, PeerInvalidation } from '../../src/server/cache/peer-invalidation';
import { dialects, PG_URL, startTestApp, type TestApp } from './harness';

/** Far below the cache's TTL (10 s), so only a message between the servers explains a fresh answer. */
const WITHIN_MS = 2_000;

async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WITHIN_MS;
  for (;;) {
    const value = await read();
    if (until(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const onPostgres = (await dialects()).includes('postgres');

describe.runIf(onPostgres)('two servers on one PostgreSQL', () => {
  let a: TestApp;
  let b: FastifyInstance;
  const sliderTitles = async () =>
    (await b.inject({ method: 'GET', url: '/cms/sliders', headers: { 'app-key': a.config.appKey } }))
      .json()
      .data.data.map((s: { title: string }) => s.title) as string[];

  beforeAll(async () => {
    a = await startTestApp('postgres');
    ({ app: b } = await createServer(a.config, { logger: false }));
    await b.ready();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("sees the other's writes to the public answers it keeps", async () => {
    const created = await a.admin('POST', '/cms/api/sliders', { title: 'Peer slider', status: 1 });
    expect(created.statusCode, created.body).toBe(201);
    expect(await eventually(sliderTitles, (t) => t.includes('Peer slider'))).toContain('Peer slider');
    // Now kept by b: a second read comes from its cache.
    expect(await sliderTitles()).toContain('Peer slider');
    await a.admin('PUT', `/cms/api/sliders/${created.json().data.id}`, { title: 'Renamed on a' });
    const titles = await eventually(sliderTitles, (t) => t.includes('Renamed on a'));
    expect(titles).toContain('Renamed on a');
    expect(titles).not.toContain('Peer slider');
  });

  it('forgets everything when the other creates a site, so a key it refused before now opens', async () => {
    const key = `peer-${Date.now().toString(36)}`;
    const read = () => b.inject({ method: 'GET', url: '/cms/sliders', headers: { 'app-key': key } }).then((r) => r.statusCode);
    const refused = await read();
    expect(refused).toBeGreaterThanOrEqual(400);
    const site = await a.admin('POST', '/cms/api/applications', { app_key: key, name: 'Peer site', status: 1 });
    expect(site.statusCode, site.body).toBe(201);
    expect(await eventually(read, (code) => code === 200)).toBe(200);
  });

  it('listens again after its connection is cut, and starts afresh', async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const listeners = async () =>
        (
          await admin.query<{ pid: number }>(`select pid from pg_stat_activity where query = $1`, [
            `LISTEN "${channelFor(a.config.pgSchema)}"`,
          ])
        ).rows.map((row) => row.pid);
      const before = await listeners();
      expect(before).toHaveLength(2);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
      // Both servers open a new listening connection by themselves.
      const after = await eventually(listeners, (pids) => pids.length === 2 && pids.every((pid) => !before.includes(pid)));
      expect(after).toHaveLength(2);
      await a.admin('POST', '/cms/api/sliders', { title: 'After the cut', status: 1 });
      expect(await eventually(sliderTitles, (t) => t.includes('After the cut'))).toContain('After the cut');
    } finally {
      await admin.end();
    }
  });
});

describe('a server that cannot reach the others', () => {
  it('starts all the same, says why, and keeps trying', async () => {
    const errors: unknown[] = [];
    const peers = new PeerInvalidation(new Cache(), {
      connectionString: 'postgres://nobody@127.0.0.1:1/none', // nothing listens on port 1
      notify: async () => undefined,
      onError: (error) => errors.push(error),
    });
    await peers.start();
    expect(errors).toHaveLength(1);
    expect(String((errors[0] as Error).message)).toMatch(/ECONNREFUSED|connect/);
    // The first retry comes after 250 ms and fails the same way.
    await expect.poll(() => errors.length, { timeout: 2_000 }).toBeGreaterThan(1);
    await peers.close();
  });
});

describe('a write is answered once the other servers were told', () => {
  it('Cache.told waits for the notification that carries the write’s invalidations', async () => {
    const cache = new Cache();
    const sent: string[] = [];
    let release: () => void = () => {};
    const peers = new PeerInvalidation(cache, {
      connectionString: 'postgres://nobody@127.0.0.1:1/none',
      // The notification is held until the test lets it go, as a busy pool would hold it.
      notify: (_channel, payload) =>
        new Promise<void>((resolve) => {
          release = () => {
            sent.push(payload);
            resolve();
          };
        }),
    });
    await cache.told(); // nothing to tell: at once
    cache.invalidate('site:demo');
    let told = false;
    const waiting = cache.told().then(() => (told = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(told).toBe(false);
    release();
    await waiting;
    expect(told).toBe(true);
    expect(JSON.parse(sent[0]!).scopes).toEqual(['site:demo']);
    await peers.close();
  });
});
