/**
 * `npm run bench:analytics`: what the built-in analytics (issue #62) cost on SQLite. Measures;
 * asserts nothing. Settings (environment):
 * - BENCH_DAYS (365), BENCH_VIEWS_PER_DAY (3,000), BENCH_PAGES_PER_DAY (500): the storage part.
 * - BENCH_FLOOD (100,000), BENCH_FLOOD_SECONDS (600), BENCH_FLOOD_CONNECTIONS (16): the flood.
 *
 * Storage: days of daily aggregates for a 10,000-page site, folded from beacons as the server folds
 * them (content/analytics.ts) and pruned as the hourly job prunes them (so vitals roll into months),
 * with BENCH_PAGES_PER_DAY distinct pages read each day (Zipf-like: a few pages most), 40
 * referrers, 2 languages, 3 devices, and vitals on every view; then each table's rows and bytes
 * (SQLite's dbstat: the table and its indexes), vacuumed. Then the dashboard's read of the whole
 * span by month and of the last 30 days by day: the first, and the median of the next five with
 * the CPU time this process spent on them.
 *
 * Flood: the server listens on 127.0.0.1 and a child process sends BENCH_FLOOD beacons with random
 * paths, referrers, addresses (X-Forwarded-For, the server trusting one proxy) and user agents over
 * BENCH_FLOOD_CONNECTIONS connections, stopping after BENCH_FLOOD_SECONDS whatever it sent; then a
 * fold. Reported: the tables' rows after, the server's resident memory (before, highest during,
 * after), and the p50 and p95 of a kept public page (`GET /cms/pages/…`) before, during and after.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createServer } from '../../src/server/bootstrap';
import { ADMIN, seededConfig } from '../api/harness';
import { analyticsReport, dayOf } from '../../src/server/content/analytics';

const PAGES = 10_000;
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const PAGES_PER_DAY = Number(process.env.BENCH_PAGES_PER_DAY ?? 500);
const VIEWS_PER_DAY = Number(process.env.BENCH_VIEWS_PER_DAY ?? 3_000);
const FLOOD = Number(process.env.BENCH_FLOOD ?? 100_000);
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.BENCH_FLOOD_CONNECTIONS ?? 16);
const DAY_MS = 24 * 60 * 60 * 1000;
const TABLES = ['analytics_daily', 'analytics_vitals', 'analytics_seen', 'analytics_events'] as const;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-bench-analytics-'));
const config = {
  ...seededConfig(dir),
  databaseUrl: `sqlite:${path.join(dir, 'site.db')}`,
  beaconLimit: 10_000_000,
  trustProxy: 1,
};
const { app } = await createServer(config, { logger: false });
await app.ready();
const { db } = app.ctx.database;
const analytics = app.ctx.analytics;
const file = path.join(dir, 'site.db');
const vacuum = async () => {
  await sql`vacuum`.execute(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
};
const rows = async (table: (typeof TABLES)[number]) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** Each analytics table's rows and megabytes (its pages and its indexes' pages). */
const tableSizes = async () => {
  await vacuum();
  const sizes = await sql<{ tbl: string; bytes: number }>`
    select m.tbl_name as tbl, sum(d.pgsize) as bytes from dbstat d join sqlite_master m on m.name = d.name
    where m.tbl_name like 'analytics_%' group by m.tbl_name`.execute(db);
  const out: Record<string, { rows: number; mb: number }> = {};
  for (const table of TABLES)
    out[table] = { rows: await rows(table), mb: Number(sizes.rows.find((row) => row.tbl === table)?.bytes ?? 0) / 1024 / 1024 };
  return out;
};
const printSizes = (sizes: Awaited<ReturnType<typeof tableSizes>>) => {
  console.log('| table | rows | MB |');
  console.log('| --- | ---: | ---: |');
  for (const [table, size] of Object.entries(sizes))
    console.log(`| \`${table}\` | ${size.rows.toLocaleString()} | ${size.mb.toFixed(1)} |`);
};

await vacuum();
const before = fs.statSync(file).size / 1024 / 1024;
const start = Date.now() - DAYS * DAY_MS;
let seed = 1;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const t0 = Date.now();
for (let d = 0; d < DAYS; d += 1) {
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
  // The day is over: its visitor hashes go, and months long over roll up, as the hourly job does.
  await analytics.prune(start + (d + 1) * DAY_MS);
  if ((d + 1) % 30 === 0) console.log(`… ${d + 1} days folded, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}
const foldSeconds = (Date.now() - t0) / 1000;
const year = await tableSizes();
const yearFile = fs.statSync(file).size / 1024 / 1024;
console.log(
  `\n${DAYS} days of daily aggregates (${PAGES.toLocaleString()}-page site, ${PAGES_PER_DAY} distinct pages and ${VIEWS_PER_DAY.toLocaleString()} views a day), folded in ${foldSeconds.toFixed(0)} s; the file grew ${(yearFile - before).toFixed(1)} MB\n`,
);
printSizes(year);
/** One dashboard read: its wall time and the CPU time this process spent (the machine may be shared). */
const timeRead = async (from: string, period: 'day' | 'month') => {
  const cpu = process.cpuUsage();
  const began = performance.now();
  await analyticsReport(db, config.appKey, { from, to: dayOf(Date.now()), period, limit: 50 });
  return { ms: performance.now() - began, cpu: process.cpuUsage(cpu).user / 1000 };
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const reads = async (label: string, from: string, period: 'day' | 'month') => {
  const first = await timeRead(from, period);
  const next: { ms: number; cpu: number }[] = [];
  for (let i = 0; i < 5; i += 1) next.push(await timeRead(from, period));
  console.log(
    `| ${label} | ${first.ms.toFixed(0)} | ${median(next.map((read) => read.ms)).toFixed(0)} | ${median(next.map((read) => read.cpu)).toFixed(0)} |`,
  );
};
console.log(
  `\nThe dashboard's reads (load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')}):\n`,
);
console.log('| read | first, ms | median of the next 5, ms | its CPU time, ms |');
console.log('| --- | ---: | ---: | ---: |');
await reads(`all ${DAYS} days, by month`, dayOf(start), 'month');
await reads('the last 30 days, by day', dayOf(Date.now() - 29 * DAY_MS), 'day');

// ── The flood, against the listening server.
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const login = await app.inject({
  method: 'POST',
  url: '/cms/api/login',
  payload: { identifier: ADMIN.email, password: ADMIN.password },
});
const kept = await app.inject({
  method: 'POST',
  url: '/cms/api/pages',
  headers: { authorization: `Bearer ${login.json().token}`, app_key: config.appKey },
  payload: { title: 'Kept page', slug: 'kept-page', content: '<p>Read while the flood comes.</p>' },
});
if (kept.statusCode !== 201) throw new Error(`could not make the kept page: ${kept.body}`);
const keptUrl = `${origin}/cms/pages/kept-page`;
const timeKept = async () => {
  const began = performance.now();
  const answer = await fetch(keptUrl, { headers: { 'app-key': config.appKey } });
  await answer.arrayBuffer();
  if (answer.status !== 200) throw new Error(`the kept page answered ${answer.status}`);
  return performance.now() - began;
};
const percentile = (times: number[], p: number) => [...times].sort((a, b) => a - b)[Math.ceil(times.length * p) - 1] ?? NaN;
const sample = async (count: number) => {
  const times: number[] = [];
  for (let i = 0; i < count; i += 1) times.push(await timeKept());
  return times;
};
const rss = () => process.memoryUsage().rss / 1024 / 1024;
await sample(20);
const keptBefore = await sample(200);
const rssBefore = rss();

// The sender: a child process, so its own work is not the server's memory or event loop.
const sender = `
const [url, appKey, total, seconds, connections] = process.argv.slice(1);
const random = () => Math.random().toString(36).slice(2);
const until = Date.now() + Number(seconds) * 1000;
let sent = 0, refused = 0, failed = 0;
const worker = async () => {
  while (sent < Number(total) && Date.now() < until) {
    const i = sent++;
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          'user-agent': 'flood ' + random(),
          'x-forwarded-for': '10.' + ((i >> 16) & 255) + '.' + ((i >> 8) & 255) + '.' + (i & 255),
        },
        body: JSON.stringify({ app_key: appKey, path: '/' + random() + '/' + random(), referrer: random() + '.example', language: 'en', width: 400, lcp: 1000 + (i % 3000) }),
      });
      await answer.arrayBuffer();
      if (answer.status !== 204) refused++;
    } catch { failed++; }
  }
};
const began = Date.now();
await Promise.all(Array.from({ length: Number(connections) }, worker));
console.log(JSON.stringify({ sent, refused, failed, seconds: (Date.now() - began) / 1000 }));
`;
const during: number[] = [];
let rssPeak = rssBefore;
let flooding = true;
const sampler = (async () => {
  while (flooding) {
    during.push(await timeKept());
    rssPeak = Math.max(rssPeak, rss());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
})();
const floodResult = await new Promise<{ sent: number; refused: number; failed: number; seconds: number }>((resolve, reject) => {
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      sender,
      `${origin}/cms/analytics/views`,
      config.appKey,
      String(FLOOD),
      String(FLOOD_SECONDS),
      String(CONNECTIONS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.once('exit', (code) =>
    code === 0 ? resolve(JSON.parse(out.trim().split('\n').at(-1)!)) : reject(new Error(`the sender exited with ${code}`)),
  );
});
flooding = false;
await sampler;
const rssDuring = rssPeak;
const foldStart = Date.now();
await analytics.fold();
const foldMs = Date.now() - foldStart;
const keptAfter = await sample(200);
const rssAfter = rss();
const flooded = await tableSizes();

console.log(
  `\nA flood of ${floodResult.sent.toLocaleString()} beacons (of ${FLOOD.toLocaleString()} asked) with random paths, referrers, addresses and user agents, over ${CONNECTIONS} connections: ${floodResult.seconds.toFixed(0)} s (${Math.round(floodResult.sent / floodResult.seconds)} a second), ${floodResult.refused} refused, ${floodResult.failed} failed; the fold after it ${foldMs} ms\n`,
);
printSizes(flooded);
const ms = (times: number[]) => `${percentile(times, 0.5).toFixed(1)} / ${percentile(times, 0.95).toFixed(1)}`;
console.log('\n| kept page (`GET /cms/pages/kept-page`) | p50 / p95 ms | server RSS MB |');
console.log('| --- | ---: | ---: |');
console.log(`| before the flood | ${ms(keptBefore)} | ${rssBefore.toFixed(0)} |`);
console.log(`| during it (${during.length} reads; RSS its highest) | ${ms(during)} | ${rssDuring.toFixed(0)} |`);
console.log(`| after it and its fold | ${ms(keptAfter)} | ${rssAfter.toFixed(0)} |`);
await app.close();
fs.rmSync(dir, { recursive: true, force: true });
