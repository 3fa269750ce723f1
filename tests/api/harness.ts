/**
 * Builds the real server for API tests, on SQLite and, when a server answers, on PostgreSQL
 * (each test app in a database or schema of its own, dropped afterwards; most start on a copy of
 * the run's seeded demo, seeded-data.ts). Under CI=true an unreachable PostgreSQL fails the run
 * instead of being skipped.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { createServer } from '../../src/server/bootstrap';
import type { BuildOptions } from '../../src/server/app';
import { runCli } from '../../src/server/cli';
import { configFromEnv, type ServerConfig } from '../../src/server/config';
import { PUBLIC_STYLESHEET } from '../../src/client/router-manifest';

export const PG_URL = process.env.DATABASE_URL_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
export const ADMIN = { email: 'admin@example.com', password: 'correct-horse-battery' };
export const APP_KEY = 'demo';
export const OTHER_APP_KEY = 'other-site';

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export type DialectName = 'sqlite' | 'postgres';

/** The dialects this run tests. */
export async function dialects(): Promise<DialectName[]> {
  if (await postgresAnswers()) return ['sqlite', 'postgres'];
  const reason = `PostgreSQL API tests skipped: no server answered at ${PG_URL} (set DATABASE_URL_PG)`;
  if (process.env.CI === 'true') throw new Error(`${reason}; under CI=true every layer must run`);
  console.log(reason);
  return ['sqlite'];
}

export interface TestApp {
  app: FastifyInstance;
  config: ServerConfig;
  token: string;
  /** Sends a request with the admin token and app key already set. */
  admin(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Sends a public request with the app-key header. */
  visitor(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The schema inside the run's seeded PostgreSQL database (seeded-data.ts), and so inside each copy. */
export const SEEDED_SCHEMA = 'site';

/** Settings a test app starts with, its files in `dir`, before the database's and the test's own. */
export const seededConfig = (dir: string): ServerConfig => ({
  ...configFromEnv({}),
  databaseUrl: `sqlite:${path.join(dir, 'site.db')}`,
  uploadDir: path.join(dir, 'uploads'),
  staticDir: path.join(dir, 'no-build'),
  adminEmail: ADMIN.email,
  adminPassword: ADMIN.password,
  appKey: APP_KEY,
  publicWriteLimit: 1000,
  beaconLimit: 100_000,
  // Suites such as rights.test.ts are scripts of thousands of one admin's writes a minute, beyond
  // any person's pace; the limit itself is tested with its own setting (upload-limits.test.ts).
  staffWriteLimit: 1_000_000,
  secretKey: 'test-installation-secret-key',
  // Erasures are remembered beside the test's database, never in the repository's data folder.
  erasuresFile: path.join(dir, 'erased-people'),
  // Each test app would spend a core on the demo's renditions for its whole life; renditions.test.ts turns it on.
  prepareDemoRenditions: false,
  // Receivers in these tests listen on 127.0.0.1 (WEBHOOKS_ALLOW_PRIVATE); the refusal is tested
  // apart. Receivers that never answer (a sample's example.org) hold a test up for 2 s at most.
  webhookDelivery: { timeoutMs: 2_000, allowPrivate: true },
});

/** The address of another database on the test's PostgreSQL server. */
export const databaseAt = (name: string) => {
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs one statement on the test's PostgreSQL server (in `url`'s database). */
export async function onPostgres(statement: string, url = PG_URL) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test app's copy of the seeded database once the app's connections have gone. Closing
 * the app's pool only asks each connection to end: a drop `with (force)` that came first would
 * end them from the server's side, and the pool's clients, no longer listened to, would throw
 * that into whichever test file runs next. Force stays for a connection that never goes.
 */
async function dropCopy(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    for (let waited = 0; waited < 5000; waited += 20) {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [
        name,
      ]);
      if (rows[0]!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Settings that change nothing stored by the migrations and the seed: a test app that overrides
 * only these starts on a copy of the run's seeded demo (seeded-data.ts). Any other setting (the
 * database, the uploads, the admin, the app key, the demo, the renditions) gets a fresh seed.
 */
const LEAVES_STORE_ALONE = new Set<keyof ServerConfig>([
  'staticDir',
  'publicWriteLimit',
  'beaconLimit',
  'staffWriteLimit',
  'apiTokenLimit',
  'upkeepPeriodMs',
  'trustProxy',
  'smtpUrl',
  'mailFrom',
  'webhookDelivery',
  'newsletters',
  'sessionDays',
  'activityRetentionDays',
  'logLevel',
]);

/**
 * What the run's globalSetup made (seeded-data.ts); nothing when the harness runs outside Vitest
 * (entity-new.test.ts runs it as a script in a copy of the repository), which then seeds afresh.
 */
function provided<K extends 'apiSeededDir' | 'apiSeededTemplate'>(key: K) {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

/**
 * What the app has kept since `before` (its cache's `liveKeys()` then): by key, as a flood or a
 * repeated read should keep nothing new, and an upkeep job's write meanwhile moves `cache.size`.
 */
export const newlyKept = (t: TestApp, before: readonly string[]): string[] =>
  t.app.ctx.cache.liveKeys().filter((key) => !before.includes(key));

/**
 * Where a test app's data lives: a copy of the run's seeded demo when its settings allow, else an
 * empty SQLite file or PostgreSQL schema of its own that it migrates and seeds. `drop` removes it.
 */
async function storeFor(dialect: DialectName, dir: string, overrides: Partial<ServerConfig>) {
  const seededDir = provided('apiSeededDir');
  const template = provided('apiSeededTemplate');
  const copies = Object.keys(overrides).every((key) => LEAVES_STORE_ALONE.has(key as keyof ServerConfig));
  if (dialect === 'sqlite') {
    if (copies && seededDir) {
      for (const name of ['site.db', 'uploads']) {
        fs.cpSync(path.join(seededDir, name), path.join(dir, name), { recursive: true });
      }
    }
    return { databaseUrl: `sqlite:${path.join(dir, 'site.db')}`, pgSchema: undefined, drop: async () => {} };
  }
  if (copies && seededDir && template) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    await onPostgres(`create database ${name} template ${template}`);
    fs.cpSync(path.join(seededDir, 'postgres', 'uploads'), path.join(dir, 'uploads'), { recursive: true });
    return {
      databaseUrl: databaseAt(name),
      pgSchema: SEEDED_SCHEMA as string | undefined,
      drop: () => dropCopy(name),
    };
  }
  return emptyDatabase(dialect, dir);
}

export async function startTestApp(
  dialect: DialectName,
  overrides: Partial<ServerConfig> = {},
  /** Its own logger (a test that reads the log lines). */
  logger?: BuildOptions['logger'],
): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-api-'));
  const store = await storeFor(dialect, dir, overrides);
  const config: ServerConfig = {
    ...seededConfig(dir),
    databaseUrl: store.databaseUrl,
    pgSchema: store.pgSchema,
    ...overrides,
  };
  const { app } = await createServer(config, { logger: logger ?? (process.env.DEBUG_LOG ? { level: 'error' } : false) });
  // A build's first page is drawn in the background at the start, keeping what it read: a test
  // that asks what its own requests kept begins once that is over.
  await app.ready();
  await app.warmed();
  const login = await app.inject({
    method: 'POST',
    url: '/cms/api/login',
    payload: { identifier: ADMIN.email, password: ADMIN.password },
  });
  const token = login.json().token as string;

  const send =
    (extra: Record<string, string>) =>
    (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: method as 'GET',
        url,
        headers: { ...extra, ...headers },
        ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
      });
  const testApp: TestApp = {
    app,
    config,
    token,
    admin: send({ authorization: `Bearer ${token}`, app_key: APP_KEY }),
    visitor: send({ 'app-key': APP_KEY }),
    async close() {
      await app.close();
      await store.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * Runs an `orgsite` command line against a database (a test app's, by default its own settings)
 * with these extra settings; answers its exit code and what it printed (both streams, in order).
 */
export async function orgsite(
  settings: { databaseUrl: string; pgSchema?: string } & Record<string, string | undefined>,
  ...argv: string[]
) {
  const { databaseUrl, pgSchema, ...more } = settings;
  const saved = { ...process.env };
  Object.assign(process.env, { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: pgSchema ?? '' }, more);
  const lines: string[] = [];
  try {
    const code = await runCli(
      argv,
      (line) => lines.push(line),
      (line) => lines.push(line),
    );
    return { code, output: lines.join('\n') };
  } finally {
    process.env = saved;
  }
}

/** A database with nothing in it yet (no tables even): where a restore or an import goes. */
export async function emptyDatabase(dialect: DialectName, dir: string) {
  if (dialect === 'sqlite') {
    return {
      databaseUrl: `sqlite:${path.join(dir, `empty-${randomBytes(4).toString('hex')}.db`)}`,
      pgSchema: undefined,
      drop: async () => {},
    };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await onPostgres(`create schema ${schema}`);
  return {
    databaseUrl: PG_URL,
    pgSchema: schema as string | undefined,
    drop: () => onPostgres(`drop schema ${schema} cascade`),
  };
}

/** A second application, so tenant isolation can be checked across keys. */
export async function createOtherApplication(t: TestApp): Promise<void> {
  const res = await t.admin('POST', '/cms/api/applications', { app_key: OTHER_APP_KEY, name: 'Other site' });
  if (res.statusCode !== 201) throw new Error(`could not create the other application: ${res.body}`);
}

/** The smallest valid PNG: 1×1 transparent pixel. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** A multipart/form-data body holding one file. */
export function multipart(filename: string, content: Buffer, field = 'file', type = 'application/octet-stream') {
  const boundary = '----orgsite-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface SignedIn {
  id: number;
  email: string;
  password: string;
  token: string;
  /** Sends a request as this user, with the app key given (default: the test site's). */
  send(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

let userCounter = 0;

/** Creates a user of `role`, working on `sites`, and signs them in. */
export async function signInAs(t: TestApp, role: string, sites: string | null = APP_KEY): Promise<SignedIn> {
  const email = `${role}-${++userCounter}-${randomBytes(3).toString('hex')}@example.org`;
  const password = `${role}-password-${userCounter}`;
  const made = await t.admin('POST', '/cms/api/users', {
    email,
    name: `The ${role}`,
    password,
    confirm_password: password,
    role,
    sites,
  });
  if (made.statusCode !== 201) throw new Error(`could not create the ${role}: ${made.body}`);
  const login = await t.app.inject({ method: 'POST', url: '/cms/api/login', payload: { identifier: email, password } });
  if (login.statusCode !== 200) throw new Error(`the ${role} could not sign in: ${login.body}`);
  const token = login.json().token as string;
  return {
    id: made.json().data.id as number,
    email,
    password,
    token,
    send: (method, url, body, headers = {}) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: `Bearer ${token}`, app_key: APP_KEY, ...headers },
        ...(body === undefined
          ? {}
          : Buffer.isBuffer(body) || typeof body === 'string'
            ? { payload: body }
            : { payload: body as object }),
      }),
  };
}

/**
 * A build for `staticDir` whose server bundle is the app's own source (src/client/entry-server.tsx,
 * compiled by the test runner as it is imported), so API tests render real pages without running
 * `npm run build`; the manifest names a stand-in entry. Returns the directory.
 */
export function sourceBuild(staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-build-'))): string {
  fs.mkdirSync(path.join(staticDir, '.ssr'), { recursive: true });
  fs.mkdirSync(path.join(staticDir, '.vite'), { recursive: true });
  const entry = path.resolve('src/client/entry-server.tsx');
  fs.writeFileSync(path.join(staticDir, '.ssr', 'entry-server.js'), `export { render } from ${JSON.stringify(entry)};\n`);
  fs.writeFileSync(
    path.join(staticDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', isEntry: true, css: ['assets/index-1.css'] },
      'src/client/islands/main.ts': { file: 'assets/islands-1.js', isEntry: true },
      [PUBLIC_STYLESHEET]: { file: 'assets/public-1.css', css: ['assets/index-1.css'] },
    }),
  );
  return staticDir;
}
