/**
 * Built-in visitor analytics (issue #62, content/analytics.ts, routes/analytics.ts): beacons are
 * counted once folded, a visitor once a day, `DNT`/`Sec-GPC` and a site switched off not at all;
 * a bad beacon is a 400 naming its field and stores nothing; the p75 of each vital is the one its
 * beacons measured; a flood of made-up paths leaves the queue and each day's rows bounded; only
 * the site's editors and admins read the dashboard. Through the real server, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Insertable, sql } from 'kysely';
import type { AnalyticsEventsTable } from '../../src/server/db/schema';
import {
  ANALYTICS_LIMITS,
  bucketRange,
  OTHER,
  p75Of,
  ratingOf,
  type Vital,
  VITALS,
  vitalBucket,
} from '../../src/shared/analytics';
import { analyticsReport, dayOf } from '../../src/server/content/analytics';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { APP_KEY, dialects, emptyDatabase, signInAs, startTestApp, type TestApp } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The exact nearest-rank 75th percentile of some values. */
const exactP75 = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.75) - 1]!;

/** The width of the bucket a value falls in (the last bucket's: its lower edge). */
const widthAt = (vital: Vital, value: number) => {
  const { low, high } = bucketRange(vital, vitalBucket(vital, value));
  return Number.isFinite(high) ? high - low : low;
};

/** Values spread over a vital's usual range, from a seeded generator (the same every run). */
const knownValues = (vital: Vital, count: number, seed: number) => {
  let state = seed;
  const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
  // Log-uniform between the bounds (CLS from 0: one less than 1 to 600 thousandths).
  const [low, high] = { lcp: [400, 9000], inp: [16, 1200], cls: [1, 600], ttfb: [40, 3000] }[vital] as [number, number];
  return Array.from({ length: count }, () => Math.round(low * (high / low) ** random()) - (vital === 'cls' ? 1 : 0));
};

const BEACON = '/cms/analytics/views';

describe.each(await dialects())('analytics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  const db = () => t.app.ctx.database.db;
  /** Puts beacons in the queue as the route would have, a few hundred rows per statement. */
  const queueEvents = async (rows: Insertable<AnalyticsEventsTable>[]) => {
    for (let i = 0; i < rows.length; i += 200)
      await db()
        .insertInto('analytics_events')
        .values(rows.slice(i, i + 200))
        .execute();
  };
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
    // Read from fixed buckets: the exact 75th percentile, or within its bucket's width of it.
    expect(fast.vitals.lcp).toEqual({ p75: 2400, rating: 'good', samples: 20 });
    expect(Math.abs(fast.vitals.inp!.p75 - 54)).toBeLessThanOrEqual(widthAt('inp', 54));
    expect(fast.vitals.inp).toMatchObject({ rating: 'good' });
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
      p75Of(
        'lcp',
        new Map([
          [0, 3],
          [9, 1],
        ]),
      ),
    ).toBe(0);
  });

  it('reads each p75 within one bucket of the exact value, with its rating, from days and from rolled months', async () => {
    const at = Date.now();
    const old = dayOf(at - 80 * DAY_MS);
    const recent = dayOf(at - 2 * DAY_MS);
    // Three pages, each measured by many beacons, some on a day long past (rolled into its month)
    // and some on a recent day.
    const pages = ['/known-a', '/known-b', '/known-c'];
    const measured = new Map<string, Record<Vital, number[]>>();
    let seed = 7;
    const events = [];
    for (const page of pages) {
      const values = Object.fromEntries(VITALS.map((vital) => [vital, knownValues(vital, 97, (seed += 13))])) as Record<
        Vital,
        number[]
      >;
      measured.set(page, values);
      for (let i = 0; i < 97; i += 1)
        events.push({
          app_key: APP_KEY,
          day: i % 2 ? old : recent,
          view: 0,
          path: page,
          referrer: '',
          language: 'en',
          device: 'mobile',
          visitor: `known-${i}`,
          lcp: values.lcp[i]!,
          inp: values.inp[i]!,
          cls: values.cls[i]!,
          ttfb: values.ttfb[i]!,
        });
    }
    await queueEvents(events);
    await t.app.ctx.analytics.fold();
    await t.app.ctx.analytics.prune(at);
    const rows = await db().selectFrom('analytics_vitals').select(['span', 'day', 'path']).where('path', 'in', pages).execute();
    // One row per page for the old day's month, one per page for the recent day.
    expect(rows.filter((row) => row.span === 'month').map((row) => [row.day, row.path])).toEqual(
      expect.arrayContaining(pages.map((page) => [`${old.slice(0, 7)}-01`, page])),
    );
    expect(rows.filter((row) => row.span === 'day' && row.day === old)).toHaveLength(0);
    expect(rows.filter((row) => row.span === 'day' && row.day === recent)).toHaveLength(pages.length);

    const shown = await report(`?from=${old}&to=${dayOf(at)}&limit=500`);
    for (const page of pages) {
      const row = shown.vitals.find((vitals) => vitals.path === page)!;
      for (const vital of VITALS) {
        const values = measured.get(page)![vital];
        const exact = exactP75(values);
        const read = vital === 'cls' ? Math.round(row.vitals[vital]!.p75 * 1000) : row.vitals[vital]!.p75;
        expect(Math.abs(read - exact), `${page} ${vital}: ${read} for ${exact}`).toBeLessThanOrEqual(widthAt(vital, exact));
        expect(row.vitals[vital]!.rating).toBe(ratingOf(vital, exact));
        expect(row.vitals[vital]!.samples).toBe(values.length);
      }
    }
    // The recent days alone: their own beacons only.
    const lately = await report(`?from=${recent}&to=${recent}&limit=500`);
    expect(lately.vitals.find((vitals) => vitals.path === '/known-a')!.vitals.lcp!.samples).toBe(49);
  });

  it('migration 037 turns the values each day kept into buckets, answering the same p75s', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-vitals-buckets-'));
    const target = await emptyDatabase(dialect, dir);
    const database = openDatabase(target.databaseUrl, target.pgSchema);
    try {
      await migrateToLatest(database.db, target.pgSchema, '035_career_forms');
      const stamp = new Date().toISOString();
      await sql`insert into applications (app_key, name, created_at, updated_at) values ('x', 'X', ${stamp}, ${stamp})`.execute(
        database.db,
      );
      const day = dayOf(Date.now() - DAY_MS);
      // As migration 030 kept them: each value to two significant digits, with its count.
      const values = Object.fromEntries(VITALS.map((vital, i) => [vital, knownValues(vital, 200, 100 + i)])) as Record<
        Vital,
        number[]
      >;
      const twoDigits = (value: number) => {
        if (value < 100) return value;
        const scale = 10 ** (Math.floor(Math.log10(value)) - 1);
        return Math.round(value / scale) * scale;
      };
      for (const vital of VITALS) {
        const counts = new Map<number, number>();
        for (const value of values[vital]) counts.set(twoDigits(value), (counts.get(twoDigits(value)) ?? 0) + 1);
        for (const [bucket, count] of counts)
          await sql`insert into analytics_vitals (app_key, day, path, metric, bucket, count) values ('x', ${day}, '/old', ${vital}, ${bucket}, ${count})`.execute(
            database.db,
          );
      }
      await migrateToLatest(database.db, target.pgSchema);
      const rows = await database.db.selectFrom('analytics_vitals').selectAll().execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ app_key: 'x', span: 'day', day, path: '/old' });
      const shown = await analyticsReport(database.db, 'x', { from: day, to: day, period: 'day', limit: 10 });
      const page = shown.vitals.find((row) => row.path === '/old')!;
      for (const vital of VITALS) {
        const exact = exactP75(values[vital]);
        const read = vital === 'cls' ? Math.round(page.vitals[vital]!.p75 * 1000) : page.vitals[vital]!.p75;
        // Two digits, then a bucket: within a bucket and a rounding of the exact value.
        expect(Math.abs(read - exact), `${vital}: ${read} for ${exact}`).toBeLessThanOrEqual(
          widthAt(vital, exact) + Math.abs(twoDigits(exact) - exact),
        );
        expect(page.vitals[vital]!.samples).toBe(200);
      }
    } finally {
      await database.close();
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('migration 041 keeps the days counted before it, and going back drops only rolled months', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-analytics-months-'));
    const target = await emptyDatabase(dialect, dir);
    const database = openDatabase(target.databaseUrl, target.pgSchema);
    try {
      await migrateToLatest(database.db, target.pgSchema, '040_draft_review');
      const stamp = new Date().toISOString();
      await sql`insert into applications (app_key, name, created_at, updated_at) values ('x', 'X', ${stamp}, ${stamp})`.execute(
        database.db,
      );
      await sql`insert into analytics_daily (app_key, day, dimension, value, views, visitors) values ('x', '2026-01-02', 'page', '/a', 3, 2)`.execute(
        database.db,
      );
      await migrateToLatest(database.db, target.pgSchema);
      const day = { app_key: 'x', dimension: 'page', span: 'day', day: '2026-01-02', value: '/a', views: 3, visitors: 2 };
      expect(await database.db.selectFrom('analytics_daily').selectAll().execute()).toEqual([day]);
      await database.db
        .insertInto('analytics_daily')
        .values({ ...day, span: 'month', day: '2025-12-01' })
        .execute();
      // Down: a month's days are not told apart any more, so its row goes; the day stays.
      await migrateToLatest(database.db, target.pgSchema, '040_draft_review');
      expect((await sql<{ day: string }>`select day from analytics_daily`.execute(database.db)).rows).toEqual([
        { day: '2026-01-02' },
      ]);
      await migrateToLatest(database.db, target.pgSchema);
      expect(await database.db.selectFrom('analytics_daily').selectAll().execute()).toEqual([day]);
    } finally {
      await database.close();
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls a month that is over into its most viewed values and "(other)", and reads it with the totals of its days', async () => {
    const at = Date.now();
    const month = dayOf(at - 200 * DAY_MS).slice(0, 7);
    const days = [`${month}-03`, `${month}-17`];
    const top = ANALYTICS_LIMITS.monthTop.page;
    // More pages than a month keeps: the first 100 read on both days, the rest on the first only.
    const pageOf = (i: number) => `/rolled-${String(i).padStart(4, '0')}`;
    const events = [];
    for (let i = 0; i < top + 100; i += 1)
      for (const day of i < 100 ? days : days.slice(0, 1))
        events.push({
          app_key: APP_KEY,
          day,
          view: 1,
          path: pageOf(i),
          referrer: `rolled-${i % 7}.example`,
          language: i % 3 ? 'en' : 'bn',
          device: ['mobile', 'tablet', 'desktop'][i % 3]!,
          visitor: `rolled-${i}`,
          lcp: 1000 + i * 10,
          inp: null,
          cls: null,
          ttfb: null,
        });
    await queueEvents(events);
    await t.app.ctx.analytics.fold();
    const asked = { from: `${month}-01`, to: `${month}-28`, period: 'month' as const, limit: 5000 };
    const fromDays = await analyticsReport(db(), APP_KEY, asked);
    expect(fromDays.totals).toEqual({ views: 700, visitors: 700 });

    await t.app.ctx.analytics.prune(at);
    const monthRows = await db()
      .selectFrom('analytics_daily')
      .selectAll()
      .where('app_key', '=', APP_KEY)
      .where('day', '>=', `${month}-01`)
      .where('day', '<=', `${month}-31`)
      .execute();
    // The site's totals stay a row a day; every breakdown is one row per value for the month.
    expect(monthRows.filter((row) => row.dimension === 'site').map((row) => [row.span, row.day])).toEqual(
      expect.arrayContaining(days.map((day) => ['day', day])),
    );
    expect(monthRows.filter((row) => row.dimension !== 'site' && row.span === 'day')).toHaveLength(0);
    const pageRows = monthRows.filter((row) => row.dimension === 'page');
    expect(pageRows).toHaveLength(top + 1);
    expect(pageRows.every((row) => row.span === 'month' && row.day === `${month}-01`)).toBe(true);
    // The twice-read pages, then the once-read by name, up to the bound; the last 100 in "(other)".
    expect(pageRows.find((row) => row.value === OTHER)).toMatchObject({ views: 100, visitors: 100 });
    expect(pageRows.find((row) => row.value === pageOf(0))).toMatchObject({ views: 2, visitors: 2 });
    expect(pageRows.find((row) => row.value === pageOf(top - 1))).toBeDefined();
    expect(pageRows.find((row) => row.value === pageOf(top))).toBeUndefined();
    const vitalsRows = await db()
      .selectFrom('analytics_vitals')
      .selectAll()
      .where('app_key', '=', APP_KEY)
      .where('day', '>=', `${month}-01`)
      .where('day', '<=', `${month}-31`)
      .execute();
    expect(vitalsRows).toHaveLength(top + 1);
    expect(vitalsRows.every((row) => row.span === 'month')).toBe(true);

    // Read from the month's rows: the same totals and series as from its days, every breakdown
    // adding up to them, the lists within their bounds unchanged, and each vital's samples all there.
    const fromMonth = await analyticsReport(db(), APP_KEY, asked);
    expect(fromMonth.totals).toEqual(fromDays.totals);
    expect(fromMonth.series).toEqual(fromDays.series);
    for (const list of [fromMonth.pages, fromMonth.referrers, fromMonth.languages, fromMonth.devices]) {
      expect(list.reduce((sum, row) => sum + row.views, 0)).toBe(700);
      expect(list.reduce((sum, row) => sum + row.visitors, 0)).toBe(700);
    }
    expect(fromMonth.referrers).toEqual(fromDays.referrers);
    expect(fromMonth.languages).toEqual(fromDays.languages);
    expect(fromMonth.devices).toEqual(fromDays.devices);
    // "(other)" ranks by its views among them.
    const named = (report: typeof fromDays) => report.pages.filter((row) => row.value !== OTHER);
    expect(named(fromMonth).slice(0, 100)).toEqual(named(fromDays).slice(0, 100));
    expect(fromMonth.pages.find((row) => row.value === OTHER)).toMatchObject({ views: 100, visitors: 100 });
    const samples = (report: typeof fromDays) => report.vitals.reduce((sum, page) => sum + (page.vitals.lcp?.samples ?? 0), 0);
    expect(samples(fromMonth)).toBe(700);
    expect(samples(fromDays)).toBe(700);
    expect(fromMonth.vitals.find((page) => page.path === OTHER)?.vitals.lcp?.samples).toBe(100);
    expect(fromMonth.vitals.find((page) => page.path === pageOf(0))).toEqual(
      fromDays.vitals.find((page) => page.path === pageOf(0)),
    );
    // A range reaching into the rolled month counts it whole.
    expect(
      (await analyticsReport(db(), APP_KEY, { ...asked, from: `${month}-20` })).pages.find((row) => row.value === OTHER)?.views,
    ).toBe(100);

    // Rolling again changes nothing.
    await t.app.ctx.analytics.prune(at);
    expect(await analyticsReport(db(), APP_KEY, asked)).toEqual(fromMonth);
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
    expect(lines.find((line) => line.startsWith('vitals,/vitals-slow'))).toBe('vitals,/vitals-slow,,,6000,575,0.288,poor');
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
    await queueEvents(rows);
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
    // The flood's vitals past the day's pages went to "(other)" too.
    const all = await analyticsReport(db(), APP_KEY, { from: day, to: day, period: 'day', limit: 5000 });
    expect(all.vitals.find((row) => row.path === OTHER)?.samples).toBeGreaterThanOrEqual(500);

    // A full queue takes no more: the beacon is answered and dropped, and a fold empties it.
    const full = Array.from({ length: ANALYTICS_LIMITS.queueRows }, (_, i) => ({
      ...rows[0]!,
      path: '/queued',
      visitor: `q${i}`,
    }));
    await queueEvents(full);
    const queuedNow = await queued();
    expect((await beacon({ path: '/dropped' })).statusCode).toBe(204);
    expect(await queued()).toBeLessThanOrEqual(queuedNow);
    await t.app.ctx.analytics.fold();
    expect(await queued()).toBe(0);
    // A full queue folded takes its time on a busy machine.
  }, 120_000);
});
