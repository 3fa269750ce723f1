/**
 * `npm run bench:newsletter`: the time and memory to queue and send one newsletter to 5,000
 * subscribers in two languages through a local SMTP server (tests/support/mail-box.ts), with the
 * compiled server `npm start` runs, unpaced (NEWSLETTER_RATE far above what it reaches): on SQLite
 * with one instance, then on PostgreSQL with two sharing the queue. Measures; asserts nothing.
 * BENCH_SUBSCRIBERS changes the count.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild } from '../../scripts/ensure-build.mjs';
import { SERVER_PROFILES } from '../../scripts/server-flags.mjs';
import { runNewsletter } from '../support/newsletter-run';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 5_000);
const serverEntry = ensureBuild(path.resolve(process.env.STATIC_DIR ?? 'dist'));
const PROFILE = SERVER_PROFILES['small-host'];

const residentMb = (pid: number) => {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0; // the process has ended
  }
};

console.log(
  `| database | instances | subscribers | send time | mails/s | resident memory per instance: before → peak while sending | largest mail |`,
);
console.log(`| --- | ---: | ---: | ---: | ---: | ---: | ---: |`);
for (const [dialect, instances] of [
  ['sqlite', 1],
  ['postgres', 2],
] as const) {
  const pids: number[] = [];
  let before = 0;
  let peak = 0;
  let sending = false;
  const sampler = setInterval(() => {
    if (sending) for (const pid of pids) peak = Math.max(peak, residentMb(pid));
  }, 50);
  const run = await runNewsletter({
    dialect,
    subscribers: SUBSCRIBERS,
    instances,
    server: [...PROFILE.flags, serverEntry],
    rate: 1_000_000,
    onStart: (pid) => pids.push(pid),
    onSend: (phase) => {
      sending = phase === 'start';
      if (sending) before = Math.max(...pids.map(residentMb));
    },
  });
  clearInterval(sampler);
  const seconds = run.sendMs / 1000;
  console.log(
    `| ${dialect} | ${instances} | ${run.queued.toLocaleString('en')} | ${seconds.toFixed(1)} s | ${Math.round(run.report.sent / seconds)} | ${Math.round(before)} → ${Math.round(peak)} MB | ${(run.largestMail / 1024).toFixed(1)} KB |`,
  );
}
