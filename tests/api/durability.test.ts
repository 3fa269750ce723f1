/**
 * Durability: the real server is killed with SIGKILL in the middle of concurrent creates, then
 * started again on the same database. Every create the server acknowledged is there, and retrying
 * the unanswered ones with their Idempotency-Key stores each exactly once. SQLite and PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { freePort, waitForServer } from '../e2e/harness';
import { dialects, PG_URL } from './harness';

const ADMIN = { identifier: 'admin@example.com', password: 'durability-password' };
const WORKERS = 8;

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.identifier,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (d) => (log += d));
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(base, child, () => log, 30_000);
  return { child, base };
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/cms/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await res.json()) as { token: string }).token;
}

function create(base: string, token: string, title: string, key: string) {
  return fetch(`${base}/cms/api/faqs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, app_key: 'demo', 'idempotency-key': key },
    body: JSON.stringify({ faq_title: title }),
  });
}

describe.each(await dialects())('kill -9 during writes on %s', (dialect) => {
  it('keeps every acknowledged create, and idempotent retries store each once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-durability-'));
    const database = `durability_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    if (dialect === 'postgres') {
      await admin.connect();
      await admin.query(`create database ${database}`);
    }
    const env = {
      DATABASE_URL: dialect === 'postgres' ? PG_URL.replace(/\/[^/]*$/, `/${database}`) : `sqlite:${path.join(dir, 'site.db')}`,
      UPLOAD_DIR: path.join(dir, 'uploads'),
      STATIC_DIR: path.join(dir, 'no-build'),
    };
    let server = await startServer(env);
    try {
      const token = await signIn(server.base);
      const acknowledged: string[] = [];
      const attempted = new Map<string, string>(); // title → idempotency key
      let stop = false;
      const worker = async (w: number) => {
        for (let n = 0; !stop; n++) {
          const title = `Durable ${w}-${n}`;
          const key = `durable-${w}-${n}-${randomBytes(4).toString('hex')}`;
          attempted.set(title, key);
          try {
            const res = await create(server.base, token, title, key);
            if (res.status === 201) acknowledged.push(title);
          } catch {
            return; // the server went away mid-request
          }
        }
      };
      const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
      while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 5));
      await killed(server.child);
      stop = true;
      await load;

      server = await startServer(env);
      const again = await signIn(server.base);
      for (const [title, key] of attempted) {
        const res = await create(server.base, again, title, key);
        expect([200, 201], `${title}: ${res.status}`).toContain(res.status);
        if (acknowledged.includes(title)) expect(res.status, `${title} was acknowledged before the kill`).toBe(200);
      }
      // Each title answered 200 or 201 on its retry, so each is stored; the total says none twice.
      const list = await fetch(`${server.base}/cms/api/faqs?size=1&search_key=Durable`, {
        headers: { authorization: `Bearer ${again}`, app_key: 'demo' },
      });
      expect(((await list.json()) as { data: { total: number } }).data.total).toBe(attempted.size);
      console.log(
        `durability on ${dialect}: ${attempted.size} creates tried, ${acknowledged.length} acknowledged before kill -9, all present once`,
      );
    } finally {
      await killed(server.child);
      if (dialect === 'postgres') {
        await admin.query(`drop database if exists ${database} with (force)`);
        await admin.end();
      }
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
