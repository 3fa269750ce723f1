/**
 * One newsletter to thousands of subscribers, sent by real server processes through a real SMTP
 * server (mail-box.ts), optionally killed with SIGKILL halfway and started again: the scenario of
 * the crash test (tests/api/newsletter-crash.test.ts) and of `npm run bench:newsletter`, which
 * differ only in what they do with the outcome.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/database';
import { freePort, waitForServer } from '../e2e/harness';
import { type MailBox, startMailBox } from './mail-box';

export const PG_URL = process.env.DATABASE_URL_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { identifier: 'admin@example.com', password: 'newsletter-run-password' };
const APP_KEY = 'demo';
export const SUBJECTS = { en: 'The spring issue', bn: 'বসন্ত সংখ্যা' } as const;

export interface RunOptions {
  dialect: 'sqlite' | 'postgres';
  subscribers: number;
  /** Server processes sharing the database (more than one needs PostgreSQL). */
  instances: number;
  /**
   * Kill every instance with SIGKILL when this share of the mails has arrived, then start them
   * again. The kill comes as the SMTP server has the whole of that mail and has not yet said it
   * took it: a sender that marks a mail sent only on the server's answer would send it twice.
   */
  killAt?: number;
  /** How the server is started: node's arguments (the source through tsx, or a build's entry). */
  server: string[];
  /** NEWSLETTER_RATE for each instance. */
  rate: number;
  /** Called with each instance's PID once it runs (a bench samples their memory). */
  onStart?: (pid: number) => void;
  /** Called as the issue is sent, and once the report says it went. */
  onSend?: (phase: 'start' | 'end') => void;
  timeoutMs?: number;
}

export interface RunOutcome {
  mail: MailBox;
  /** The subscribers the issue was queued for: address → language. */
  expected: Map<string, 'en' | 'bn'>;
  queued: number;
  report: { delivery: string; total: number; sent: number; failed: number; refused: number; pending: number };
  /** Mails the SMTP server had received when the instances were killed (none killed: undefined). */
  arrivedAtKill?: number;
  /** From the Send to the report's "sent" (the restart included). */
  sendMs: number;
  /** The largest mail's size in bytes, as received. */
  largestMail: number;
}

async function startServer(args: string[], env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(base, child, () => log, 60_000);
  return { child, base };
}

const killed = (child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

async function api(
  base: string,
  token: string | undefined,
  method: string,
  url: string,
  body?: unknown,
  site: string | null = APP_KEY,
) {
  const res = await fetch(`${base}/cms/api${url}`, {
    method,
    headers: {
      ...(site ? { app_key: site } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text) as { data: Record<string, unknown>; token?: string };
}

export async function runNewsletter(options: RunOptions): Promise<RunOutcome> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-newsletter-'));
  const database = `newsletter_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  if (options.dialect === 'postgres') {
    await admin.connect();
    await admin.query(`create database ${database}`);
  }
  const databaseUrl =
    options.dialect === 'postgres' ? PG_URL.replace(/\/[^/]*$/, `/${database}`) : `sqlite:${path.join(dir, 'site.db')}`;
  /** Set once the issue is queued: every instance is killed when that many mails have arrived. */
  let killAt: number | undefined;
  const running: ChildProcess[] = [];
  let allKilled!: () => void;
  const everyoneKilled = new Promise<void>((resolve) => (allKilled = resolve));
  let killing: Promise<void> | undefined;
  const killAll = () => (killing ??= Promise.all(running.splice(0).map((child) => killed(child))).then(() => allKilled()));
  /** Mails held unanswered at the kill: one per instance, or as many as came within a while. */
  let held = 0;
  const mail = await startMailBox({
    beforeAnswer: async () => {
      if (killAt === undefined || mail.received.length < killAt || killing) return;
      // Each instance is killed with a mail it sent wholly and that the server has not yet said it
      // took: the last moment before a sender learns that the mail went.
      if (++held >= running.length) return killAll();
      const late = setTimeout(() => void killAll(), 5_000);
      await everyoneKilled;
      clearTimeout(late);
    },
  });
  const env = {
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    STATIC_DIR: path.join(dir, 'no-build'),
    ADMIN_EMAIL: ADMIN.identifier,
    ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: mail.url,
    MAIL_FROM: 'Site <site@example.org>',
    NEWSLETTER_RATE: String(options.rate),
    // A killed instance's rows go to the next holder this soon.
    NEWSLETTER_LEASE_MS: '3000',
    SECRET_KEY: 'newsletter-run-secret',
    // An empty installation: the demo would spend a core making its pictures' renditions meanwhile.
    SEED_DEMO: 'false',
  };
  const startAll = async () => {
    const started = [];
    // One at a time: the first migrates and seeds the database.
    for (let i = 0; i < options.instances; i++) started.push(await startServer(options.server, env));
    for (const { child } of started) {
      running.push(child);
      options.onStart?.(child.pid!);
    }
    return started[0]!.base;
  };
  try {
    let base = await startAll();
    // The site in two languages and its subscribers, straight into the database: an empty
    // installation has no site to name in a request, and thousands of sign-ups are not what is tested.
    const stamp = Date.now();
    const expected = new Map<string, 'en' | 'bn'>();
    const db = openDatabase(databaseUrl);
    try {
      const at = new Date().toISOString();
      await db.db
        .insertInto('applications')
        .values({ app_key: APP_KEY, name: 'Newsletter site', locales: 'en,bn', created_at: at, updated_at: at })
        .execute();
      const rows = Array.from({ length: options.subscribers }, (_, i) => {
        const locale = i % 2 === 0 ? ('en' as const) : ('bn' as const);
        const email = `reader-${i}-${stamp}@example.org`;
        expected.set(email, locale);
        return {
          app_key: APP_KEY,
          name: `Reader ${i}`,
          email,
          status: 1,
          confirmation: 'confirmed' as const,
          locale,
          created_at: at,
          updated_at: at,
        };
      });
      for (let i = 0; i < rows.length; i += 500)
        await db.db
          .insertInto('subscribers')
          .values(rows.slice(i, i + 500))
          .execute();
    } finally {
      await db.close();
    }
    // The issue, in both languages, through the API.
    let token = (await api(base, undefined, 'POST', '/login', ADMIN)).token!;
    const issue = await api(base, token, 'POST', '/newsletters', {
      subject: SUBJECTS.en,
      kind: 'written',
      status: 1,
      content: '<p>What we did this spring, and what comes next.</p>',
    });
    const id = issue.data.id as number;
    await api(base, token, 'PUT', `/newsletters/${id}?locale=bn`, {
      subject: SUBJECTS.bn,
      content: '<p>এই বসন্তে আমরা যা করেছি।</p>',
    });

    if (options.killAt !== undefined) killAt = Math.floor(expected.size * options.killAt);
    options.onSend?.('start');
    const started = Date.now();
    const queued = (await api(base, token, 'POST', `/newsletters/${id}/send`)).data.queued as number;
    let arrivedAtKill: number | undefined;
    if (killAt !== undefined) {
      await everyoneKilled;
      arrivedAtKill = mail.received.length;
      base = await startAll();
      token = (await api(base, undefined, 'POST', '/login', ADMIN)).token!;
    }
    const deadline = Date.now() + (options.timeoutMs ?? 300_000);
    let report: RunOutcome['report'];
    for (;;) {
      report = (await api(base, token, 'GET', `/newsletters/${id}/report`)).data as RunOutcome['report'];
      if (report.delivery === 'sent') break;
      if (Date.now() > deadline) throw new Error(`not sent in time: ${JSON.stringify(report)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const sendMs = Date.now() - started;
    options.onSend?.('end');
    const largestMail = mail.received.reduce((largest, m) => Math.max(largest, Buffer.byteLength(m.raw, 'latin1')), 0);
    return { mail, expected, queued, report, arrivedAtKill, sendMs, largestMail };
  } finally {
    await Promise.all(running.map((child) => killed(child, 'SIGTERM')));
    await mail.close();
    if (options.dialect === 'postgres') {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
