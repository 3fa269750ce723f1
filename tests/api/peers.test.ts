/**
 * Two servers on one PostgreSQL database: once a write on one is acknowledged, the very next
 * request on the other is answered as written, though it kept the old answer a moment before
 * (the cache's TTL is 10 s; nothing here waits). The versions table both read before answering
 * says what moved (cache/shared-versions.ts; tests/unit/shared-versions.test.ts tests it without
 * a database). SQLite has one server per file: nothing to test there.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/bootstrap';
import { dialects, sourceBuild, startTestApp, type TestApp } from './harness';

const onPostgres = (await dialects()).includes('postgres');

describe.runIf(onPostgres)('two servers on one PostgreSQL', () => {
  let a: TestApp;
  let b: FastifyInstance;
  const sliderTitles = async () =>
    (await b.inject({ method: 'GET', url: '/cms/sliders', headers: { 'app-key': a.config.appKey } }))
      .json()
      .data.data.map((s: { title: string }) => s.title) as string[];

  beforeAll(async () => {
    a = await startTestApp('postgres', { staticDir: sourceBuild() });
    ({ app: b } = await createServer(a.config, { logger: false }));
    await b.ready();
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it("sees the other's writes to the public answers it keeps", async () => {
    const created = await a.admin('POST', '/cms/api/sliders', { title: 'Peer slider', status: 1 });
    expect(created.statusCode, created.body).toBe(201);
    expect(await sliderTitles()).toContain('Peer slider');
    // Now kept by b: a second read comes from its cache.
    expect(await sliderTitles()).toContain('Peer slider');
    await a.admin('PUT', `/cms/api/sliders/${created.json().data.id}`, { title: 'Renamed on a' });
    const titles = await sliderTitles();
    expect(titles).toContain('Renamed on a');
    expect(titles).not.toContain('Peer slider');
  });

  it('answers the first read after a write acknowledged by the other as written, pages and API reads, 50 rounds (issue #54)', async () => {
    const page = await a.admin('POST', '/cms/api/pages', { title: 'Peer round 0', slug: 'peer-rounds' });
    const slide = await a.admin('POST', '/cms/api/sliders', { title: 'Peer slide 0', status: 1 });
    expect(page.statusCode, page.body).toBe(201);
    const visit = (url: string) => b.inject({ method: 'GET', url, headers: { 'app-key': a.config.appKey, accept: 'text/html' } });
    // Kept on b before the writes begin.
    await visit('/peer-rounds');
    await visit('/cms/sliders');
    const stale: string[] = [];
    for (let round = 1; round <= 50; round++) {
      const title = `Peer round ${round}`;
      expect((await a.admin('PUT', `/cms/api/pages/${page.json().data.id}`, { title, slug: 'peer-rounds' })).statusCode).toBe(
        200,
      );
      expect((await a.admin('PUT', `/cms/api/sliders/${slide.json().data.id}`, { title })).statusCode).toBe(200);
      // No cookie, no token, no waiting: the very next requests, on the other server.
      const [shown, slides] = await Promise.all([visit('/peer-rounds'), visit('/cms/sliders')]);
      if (!shown.body.includes(`>${title}</h1>`)) stale.push(`page, round ${round}`);
      if (!slides.body.includes(`"${title}"`)) stale.push(`sliders, round ${round}`);
    }
    expect(stale).toEqual([]);
  }, 120_000);

  it("answers a change of the site's settings at once: the settings it keeps, the API and the pages", async () => {
    const key = a.config.appKey;
    const visit = (url: string, accept = 'application/json') =>
      b.inject({ method: 'GET', url, headers: { 'app-key': key, accept } });
    const phone = (body: string) => body.slice(body.indexOf('<footer'), body.indexOf('</footer>'));
    for (const number of ['+880 1999 000541', '+880 1999 000542']) {
      // Kept on b (its settings row, the API answer and the page) before the write.
      await visit(`/cms/applications/${key}`);
      await visit('/', 'text/html');
      const written = await a.admin('PUT', `/cms/api/applications/${key}`, { phone: number });
      expect(written.statusCode, written.body).toBe(200);
      const [site, home] = await Promise.all([visit(`/cms/applications/${key}`), visit('/', 'text/html')]);
      expect(site.json().data.phone).toBe(number);
      expect(phone(home.body)).toContain(number);
    }
  });

  it('forgets everything when the other creates a site, so a key it refused before now opens', async () => {
    const key = `peer-${Date.now().toString(36)}`;
    const read = () => b.inject({ method: 'GET', url: '/cms/sliders', headers: { 'app-key': key } }).then((r) => r.statusCode);
    const refused = await read();
    expect(refused).toBeGreaterThanOrEqual(400);
    const site = await a.admin('POST', '/cms/api/applications', { app_key: key, name: 'Peer site', status: 1 });
    expect(site.statusCode, site.body).toBe(201);
    expect(await read()).toBe(200);
  });
});
