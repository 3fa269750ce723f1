/**
 * `npm run bench:analytics`: what the built-in analytics (issue #62) cost on SQLite.
 * - Storage: a year of daily aggregates for a 10,000-page site, folded from beacons as the server
 *   folds them (content/analytics.ts), with BENCH_PAGES_PER_DAY distinct pages read each day
 *   (Zipf-like: a few pages most), 40 referrers, 2 languages, 3 devices, and vitals on every view;
 *   the database file's growth, vacuumed.
 * - A flood: BENCH_FLOOD beacons with random paths, referrers and user agents through the real
 *   route (inject), then a fold: the rows kept, the file's growth, the process's memory, and the
 *   time of a fold and of the dashboard's read. Measures; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createServer } from '../../src/server/bootstrap';
import { seededConfig } from '../api/harness';
import { analyticsReport, dayOf } from '../../src/server/content/analytics';

const PAGES = 10_000;
const PAGES_PER_DAY = Number(process.env.BENCH_PAGES_PER_DAY ?? 500);
const VIEWS_PER_DAY = Number(process.env.BENCH_VIEWS_PER_DAY ?? 3_000);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 100_000);
const DAY_MS = 24 * 60 * 60 * 1000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-bench-analytics-'));
const config = { ...seededConfig(dir), databaseUrl: `sqlite:${path.join(dir, 'site.db')}`, beaconLimit: 10_000_000 };
const { app } = await createServer(config, { logger: false });
await app.ready();
const { db } = app.ctx.database;
const analytics = app.ctx.analytics;
const file = path.join(dir, 'site.db');
const sizeMb = async () => {
  await sql`vacuum`.execute(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return fs.statSync(file).size / 1024 / 1024;
};
const rows = async (table: 'analytics_daily' | 'analytics_vitals' | 'analytics_seen' | 'analytics_events') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const before = await sizeMb();
const start = Date.now() - 365 * DAY_MS;
let seed = 1;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const t0 = Date.now();
for (let d = 0; d < 365; d += 1) {
  const day = dayOf(start + d * DAY_MS);
  const offset = Math.floor(random() * PAGES);
  const events = Array.from({ length: VIEWS_PER_DAY }, (_, i) => {
    // A Zipf-like pick among the day's pages: page k is read about 1/k as often as the first.
    const rank = Math.min(PAGES_PER_DAY, Math.floor(Math.exp(random() * Math.log(PAGES_PER_DAY))));
    return {
      app_key: config.appKey,
      day,
      view: 1,
      path: `/page-${(offset + rank) % PAGES}`,
      referrer: random() < 0.5 ? '' : `ref-${Math.floor(random() * 40)}.example`,
      language: random() < 0.7 ? 'en' : 'bn',
      device: ['mobile', 'tablet', 'desktop'][Math.floor(random() * 3)]!,
      visitor: `v${d}-${i % 800}`,
      lcp: Math.round(800 + random() * 4000),
      inp: Math.round(40 + random() * 400),
      cls: Math.round(random() * 300),
      ttfb: Math.round(100 + random() * 1500),
    };
  });
  for (let i = 0; i < events.length; i += 500)
    await db
      .insertInto('analytics_events')
      .values(events.slice(i, i + 500))
      .execute();
  await analytics.fold();
  // The day is over: its visitor hashes go, as the hourly job does.
  await analytics.prune(start + (d + 1) * DAY_MS);
}
const year = await sizeMb();
console.log(
  `\nA year of daily aggregates (${PAGES.toLocaleString()}-page site, ${PAGES_PER_DAY} distinct pages and ${VIEWS_PER_DAY.toLocaleString()} views a day)\n`,
);
console.log('| daily rows | vitals rows | file growth MB | folding the year s |');
console.log('| ---: | ---: | ---: | ---: |');
console.log(
  `| ${(await rows('analytics_daily')).toLocaleString()} | ${(await rows('analytics_vitals')).toLocaleString()} | ${(year - before).toFixed(1)} | ${((Date.now() - t0) / 1000).toFixed(1)} |`,
);

const rss = () => process.memoryUsage().rss / 1024 / 1024;
const rssBefore = rss();
const f0 = Date.now();
let dropped = 0;
for (let i = 0; i < FLOOD; i += 1) {
  const answer = await app.inject({
    method: 'POST',
    url: '/cms/analytics/views',
    remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    headers: { 'content-type': 'text/plain', 'user-agent': `flood ${Math.random()}` },
    payload: JSON.stringify({
      app_key: config.appKey,
      path: `/${Math.random().toString(36).slice(2)}/${Math.random().toString(36).slice(2)}`,
      referrer: `${Math.random().toString(36).slice(2)}.example`,
      language: 'en',
      width: 400,
      lcp: 1000,
    }),
  });
  if (answer.statusCode !== 204) dropped += 1;
}
const floodSeconds = (Date.now() - f0) / 1000;
const foldStart = Date.now();
await analytics.fold();
const foldMs = Date.now() - foldStart;
const readStart = Date.now();
await analyticsReport(db, config.appKey, { from: dayOf(start), to: dayOf(Date.now()), period: 'day', limit: 50 });
const readMs = Date.now() - readStart;
const floodSize = await sizeMb();
console.log(`\nA flood of ${FLOOD.toLocaleString()} beacons with random paths, referrers, addresses and user agents\n`);
console.log(
  '| beacons/s | refused | queue rows after | daily rows | vitals rows | seen rows | file growth MB | RSS growth MB | last fold ms |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
console.log(
  `| ${Math.round(FLOOD / floodSeconds)} | ${dropped} | ${await rows('analytics_events')} | ${(await rows('analytics_daily')).toLocaleString()} | ${(await rows('analytics_vitals')).toLocaleString()} | ${(await rows('analytics_seen')).toLocaleString()} | ${(floodSize - year).toFixed(1)} | ${(rss() - rssBefore).toFixed(0)} | ${foldMs} |`,
);
console.log(`\nThe dashboard's read of the whole year after it: ${readMs} ms`);
await app.close();
fs.rmSync(dir, { recursive: true, force: true });
