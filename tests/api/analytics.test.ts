/**
 * Built-in visitor analytics (issue #62, content/analytics.ts, routes/analytics.ts): beacons are
 * counted once folded, a visitor once a day, `DNT`/`Sec-GPC` and a site switched off not at all;
 * a bad beacon is a 400 naming its field and stores nothing; the p75 of each vital is the one its
 * beacons measured; a flood of made-up paths leaves the queue and each day's rows bounded; only
 * the site's editors and admins read the dashboard. Through the real server, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYTICS_LIMITS, OTHER } from '../../src/shared/analytics';
import { dayOf, p75Of } from '../../src/server/content/analytics';
import { APP_KEY, dialects, signInAs, startTestApp, type TestApp } from './harness';

const BEACON = '/cms/analytics/views';

describe.each(await dialects())('analytics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  const db = () => t.app.ctx.database.db;
  let visitorNumber = 0;
  /** A beacon as a browser sends it: JSON as text/plain, the site named in the body. */
  const beacon = (body: Record<string, unknown>, headers: Record<string, string> = {}, address = '203.0.113.7') =>
    t.app.inject({
      method: 'POST',
      url: BEACON,
      remoteAddress: address,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Test browser 1', ...headers },
      payload: JSON.stringify({ app_key: APP_KEY, language: 'en', width: 390, ...body }),
    });
  const report = async (query = '') => {
    const answer = await t.admin('GET', `/cms/api/analytics${query}`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as {
      totals: { views: number; visitors: number };
      series: { start: string; views: number; visitors: number }[];
      pages: { value: string; views: number; visitors: number }[];
      referrers: { value: string; views: number }[];
      languages: { value: string; views: number }[];
      devices: { value: string; views: number }[];
      vitals: { path: string; rating: string; vitals: Record<string, { p75: number; rating: string; samples: number }> }[];
    };
  };
  const pageRow = async (path: string) => (await report()).pages.find((row) => row.value === path);
  const queued = async () =>
    Number(
      (
        await db()
          .selectFrom('analytics_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('counts each view, once folded, by page, referrer, language and device', async () => {
    const ua = { 'user-agent': `Counting browser ${++visitorNumber}` };
    expect((await beacon({ path: '/counted-a', referrer: 'www.Example.org' }, ua)).statusCode).toBe(204);
    expect((await beacon({ path: '/counted-a', language: 'bn', width: 1400 }, ua)).statusCode).toBe(204);
    expect((await beacon({ path: '/counted-b', width: 900 }, ua)).statusCode).toBe(204);
    expect(await queued()).toBeGreaterThanOrEqual(3);
    const shown = await report();
    expect(await queued()).toBe(0);
    expect(shown.pages.find((row) => row.value === '/counted-a')).toMatchObject({ views: 2, visitors: 1 });
    expect(shown.pages.find((row) => row.value === '/counted-b')).toMatchObject({ views: 1, visitors: 1 });
    expect(shown.referrers.find((row) => row.value === 'www.example.org')?.views).toBe(1);
    expect(shown.languages.find((row) => row.value === 'bn')?.views).toBeGreaterThanOrEqual(1);
    expect(shown.devices.map((row) => row.value)).toEqual(expect.arrayContaining(['mobile', 'tablet', 'desktop']));
    expect(shown.series.at(-1)!.start).toBe(dayOf(Date.now()));
    expect(shown.totals.views).toBeGreaterThanOrEqual(3);
  });

  it('tells visitors apart by address and user agent, once a day across folds, and stores neither', async () => {
    const ua = { 'user-agent': `Unique browser ${++visitorNumber}` };
    await beacon({ path: '/unique' }, ua, '198.51.100.1');
    await report();
    await beacon({ path: '/unique' }, ua, '198.51.100.1');
    await beacon({ path: '/unique' }, ua, '198.51.100.2');
    await beacon({ path: '/unique' }, { 'user-agent': `Unique browser ${++visitorNumber}` }, '198.51.100.1');
    expect(await pageRow('/unique')).toMatchObject({ views: 4, visitors: 3 });
    const seen = await db().selectFrom('analytics_seen').selectAll().where('value', '=', '/unique').execute();
    expect(seen).toHaveLength(3);
    for (const row of seen) expect(JSON.stringify(row)).not.toMatch(/198\.51|Unique browser/);
    // The salt is the day's, and once the day is over it and the day's hashes are gone.
    const tomorrow = Date.now() + 24 * 60 * 60 * 1000;
    await t.app.ctx.analytics.prune(tomorrow);
    expect(await db().selectFrom('analytics_seen').selectAll().where('value', '=', '/unique').execute()).toHaveLength(0);
    expect(await db().selectFrom('analytics_salts').selectAll().execute()).toHaveLength(0);
    // The aggregates stay.
    expect(await pageRow('/unique')).toMatchObject({ views: 4, visitors: 3 });
  });

  it('does not count a visitor who sends DNT or Sec-GPC, and answers them alike', async () => {
    const before = await queued();
    for (const headers of [{ dnt: '1' }, { 'sec-gpc': '1' }] as Record<string, string>[]) {
      const answer = await beacon({ path: '/not-tracked' }, headers);
      expect(answer.statusCode).toBe(204);
    }
    expect(await queued()).toBe(before);
    expect(await pageRow('/not-tracked')).toBeUndefined();
  });

  it('does not count a site that switched analytics off', async () => {
    const off = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { analytics: 0 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await beacon({ path: '/switched-off' })).statusCode).toBe(204);
    expect(await pageRow('/switched-off')).toBeUndefined();
    const on = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { analytics: 1 });
    expect(on.statusCode, on.body).toBe(200);
    expect((await beacon({ path: '/switched-off' })).statusCode).toBe(204);
    expect((await pageRow('/switched-off'))?.views).toBe(1);
  });

  it('refuses a bad beacon with a 400 naming the field, and stores nothing', async () => {
    const before = await queued();
    const cases: [Record<string, unknown>, string][] = [
      [{ path: 'no-slash' }, 'path'],
      [{ path: '/x?secret=1' }, 'path'],
      [{ path: `/${'a'.repeat(ANALYTICS_LIMITS.maxPath)}` }, 'path'],
      [{ path: '/x', referrer: 'https://evil.example/path' }, 'referrer'],
      [{ path: '/x', language: 'not a language' }, 'language'],
      [{ path: '/x', width: -1 }, 'width'],
      [{ path: '/x', lcp: 'fast' }, 'lcp'],
      [{ path: '/x', cls: 1000 }, 'cls'],
    ];
    for (const [body, field] of cases) {
      const answer = await beacon(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.json().errors ?? answer.json()), JSON.stringify(body)).toContain(field);
    }
    const noSite = await t.app.inject({
      method: 'POST',
      url: BEACON,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ path: '/x', language: 'en', width: 1 }),
    });
    expect(noSite.statusCode).toBe(400);
    expect(noSite.json().errors.app_key).toBeDefined();
    const unknown = await beacon({ path: '/x', app_key: 'no-such-site' });
    expect(unknown.statusCode).toBe(404);
    expect(await queued()).toBe(before);
  });

  it('reads the p75 of each vital from the beacons that measured it, worst pages first', async () => {
    const ua = { 'user-agent': `Vitals browser ${++visitorNumber}` };
    // Twenty LCPs of 1000, 1100, … 2900 ms: the 15th smallest (ceil of 75%) is 2400 (good).
    for (let i = 0; i < 20; i += 1) {
      const answer = await beacon(
        { path: '/vitals-fast', view: false, lcp: 1000 + i * 100, inp: 40 + i, cls: i / 100, ttfb: 100 },
        ua,
      );
      expect(answer.statusCode).toBe(204);
    }
    for (const lcp of [3000, 5000, 6000, 7000]) await beacon({ path: '/vitals-slow', view: false, lcp, inp: 600, cls: 0.3 }, ua);
    const shown = await report();
    const fast = shown.vitals.find((row) => row.path === '/vitals-fast')!;
    expect(fast.vitals.lcp).toEqual({ p75: 2400, rating: 'good', samples: 20 });
    expect(fast.vitals.inp).toMatchObject({ p75: 54, rating: 'good' });
    expect(fast.vitals.cls).toMatchObject({ p75: 0.14, rating: 'needs-improvement' });
    expect(fast.rating).toBe('needs-improvement');
    const slow = shown.vitals.find((row) => row.path === '/vitals-slow')!;
    expect(slow.vitals.lcp).toMatchObject({ p75: 6000, rating: 'poor' });
    expect(slow.rating).toBe('poor');
    expect(shown.vitals.findIndex((row) => row.path === '/vitals-slow')).toBeLessThan(
      shown.vitals.findIndex((row) => row.path === '/vitals-fast'),
    );
    // Vitals alone are no views.
    expect(shown.pages.find((row) => row.value === '/vitals-fast')).toBeUndefined();
    expect(
      p75Of([
        { bucket: 1, count: 3 },
        { bucket: 9, count: 1 },
      ]),
    ).toBe(1);
  });

  it('groups the series by week and month, and exports what it shows as CSV', async () => {
    const week = await report('?period=week');
    expect(week.series).toHaveLength(1);
    const monday = new Date(`${week.series[0]!.start}T00:00:00Z`);
    expect(monday.getUTCDay()).toBe(1);
    const month = await report('?period=month');
    expect(month.series[0]!.start).toMatch(/-01$/);
    const csv = await t.admin('GET', '/cms/api/analytics/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('section,value,views,visitors,lcp_p75,inp_p75,cls_p75,rating');
    expect(lines).toContain('page,/counted-a,2,1,,,,');
    expect(lines.find((line) => line.startsWith('vitals,/vitals-slow'))).toBe('vitals,/vitals-slow,,,6000,600,0.3,poor');
    const bad = await t.admin('GET', '/cms/api/analytics?from=2026-13&period=year');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['from', 'period']));
  });

  it('lets the site’s editors and admins read it, and nobody else', async () => {
    const editor = await signInAs(t, 'editor');
    expect((await editor.send('GET', '/cms/api/analytics')).statusCode).toBe(200);
    const author = await signInAs(t, 'author');
    expect((await author.send('GET', '/cms/api/analytics')).statusCode).toBe(403);
    expect((await author.send('GET', '/cms/api/analytics/export.csv')).statusCode).toBe(403);
    const viewer = await signInAs(t, 'viewer');
    expect((await viewer.send('GET', '/cms/api/analytics')).statusCode).toBe(403);
    const anonymous = await t.visitor('GET', '/cms/api/analytics');
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps a flood of made-up paths bounded: the queue, and each day’s distinct pages', async () => {
    const day = dayOf(Date.now());
    // More distinct paths than a day keeps, queued as beacons would queue them.
    const flood = ANALYTICS_LIMITS.perDay.page + 500;
    const rows = Array.from({ length: flood }, (_, i) => ({
      app_key: APP_KEY,
      day,
      view: 1,
      path: `/flood/${i}-${Math.random().toString(36).slice(2)}`,
      referrer: `spam-${i}.example`,
      language: 'en',
      device: 'mobile',
      visitor: `v${i}`,
      lcp: 1000,
      inp: null,
      cls: null,
      ttfb: null,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await db()
        .insertInto('analytics_events')
        .values(rows.slice(i, i + 200))
        .execute();
    await t.app.ctx.analytics.fold();
    const distinct = async (dimension: string) =>
      Number(
        (
          await db()
            .selectFrom('analytics_daily')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('app_key', '=', APP_KEY)
            .where('day', '=', day)
            .where('dimension', '=', dimension)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await distinct('page')).toBe(ANALYTICS_LIMITS.perDay.page + 1);
    expect(await distinct('referrer')).toBe(ANALYTICS_LIMITS.perDay.referrer + 1);
    const other = await db()
      .selectFrom('analytics_daily')
      .selectAll()
      .where('app_key', '=', APP_KEY)
      .where('day', '=', day)
      .where('dimension', '=', 'page')
      .where('value', '=', OTHER)
      .executeTakeFirstOrThrow();
    expect(other.views).toBeGreaterThanOrEqual(500);
    // Pages already kept today keep their own row; a new one goes to "(other)".
    await beacon({ path: '/counted-a' });
    await beacon({ path: '/brand-new-after-flood' });
    const shown = await report('?limit=500');
    expect(shown.pages.find((row) => row.value === '/counted-a')?.views).toBe(3);
    expect(shown.pages.find((row) => row.value === '/brand-new-after-flood')).toBeUndefined();
    expect(shown.vitals.find((row) => row.path === OTHER)).toBeDefined();

    // A full queue takes no more: the beacon is answered and dropped, and a fold empties it.
    const full = Array.from({ length: ANALYTICS_LIMITS.queueRows }, (_, i) => ({
      ...rows[0]!,
      path: '/queued',
      visitor: `q${i}`,
    }));
    for (let i = 0; i < full.length; i += 500)
      await db()
        .insertInto('analytics_events')
        .values(full.slice(i, i + 500))
        .execute();
    const queuedNow = await queued();
    expect((await beacon({ path: '/dropped' })).statusCode).toBe(204);
    expect(await queued()).toBeLessThanOrEqual(queuedNow);
    await t.app.ctx.analytics.fold();
    expect(await queued()).toBe(0);
    // A full queue folded takes its time on a busy machine.
  }, 120_000);
});
