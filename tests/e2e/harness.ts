/**
 * End-to-end harness: the real server (the compiled one `npm start` runs, from the build) as a child
 * process on a free port with a fresh SQLite database and seeded demo, and Debian's Chromium driven by
 * playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { serverBuildDir, sourceHash, storedBuildId } from '../../scripts/build-id.mjs';
import { serverProfile } from '../../scripts/server-flags.mjs';
import { TEST_CHROMIUM } from '../../scripts/chromium.mjs';
import { type NetworkLine, openNetworkLine } from './network-line';

export const PG_URL = process.env.DATABASE_URL_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
/**
 * `E2E_DATABASE=postgres`: every file's server on a PostgreSQL schema of its own (at
 * DATABASE_URL_PG) instead of a SQLite file, migrated and seeded by the server as a first start
 * does, so a flow can be tried in Chromium on both databases.
 */
const ON_POSTGRES = process.env.E2E_DATABASE === 'postgres';
/** The admin every e2e server's demo is seeded with (demo-data.ts), and its site. */
export const E2E_ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };
export const E2E_APP_KEY = 'demo';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface RunningApp {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  appKey: string;
  dataDir: string;
  /** A bearer token for calling the admin API directly (to check what the UI did). */
  token(): Promise<string>;
  /** Calls the admin API with the token and app key. */
  api<T = unknown>(method: string, pathname: string, body?: unknown): Promise<{ status: number; body: T }>;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The built SPA to serve; $E2E_STATIC_DIR or `dist` by default. */
  staticDir?: string;
  env?: Record<string, string>;
  /** Start on an empty database that the server migrates and seeds itself, as a first start does. */
  empty?: boolean;
}

export function chromiumAvailable(): boolean {
  return fs.existsSync(TEST_CHROMIUM);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once the server at `url` answers its API document; fails if the process exits first. */
export async function waitForServer(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/cms/docs/json`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start within ${timeoutMs} ms:\n${output()}`);
}

export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  const staticDir = path.resolve(options.staticDir ?? process.env.E2E_STATIC_DIR ?? 'dist');
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error(`No build in ${staticDir}: run \`npm run build\` (npm test does it before this layer)`);
  }
  // The server runs from the build in the project (its packages resolve from there), whatever
  // copy of the site it serves; an older build would test older server code than the sources hold.
  const build = path.resolve(process.env.E2E_STATIC_DIR ?? 'dist');
  if (storedBuildId(build) !== sourceHash()) {
    throw new Error(`The build in ${build} is older than the sources: run \`npm run build\``);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-e2e-'));
  const schema = ON_POSTGRES && !options.env?.DATABASE_URL ? await pgSchema() : undefined;
  // The run's seeded demo (demo-data.ts), copied: the server finds an install that has run before.
  // It is a SQLite file: on PostgreSQL the server seeds its schema itself.
  if (!options.empty && !schema) fs.cpSync(inject('e2eDemoData'), dataDir, { recursive: true });
  const { email: adminEmail, password: adminPassword } = E2E_ADMIN;
  const appKey = E2E_APP_KEY;
  // The node profile `npm start` would choose on this host, so the tests run what production runs here.
  const profile = serverProfile();
  const start = (port: number) =>
    spawn(process.execPath, [...profile.flags, path.join(serverBuildDir(build), 'main.js')], {
      env: {
        ...profile.env,
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: schema ? PG_URL : `sqlite:${path.join(dataDir, 'site.db')}`,
        ...(schema ? { DATABASE_SCHEMA: schema.name } : {}),
        UPLOAD_DIR: path.join(dataDir, 'uploads'),
        ERASURES_FILE: path.join(dataDir, 'erased-people'),
        STATIC_DIR: staticDir,
        ADMIN_EMAIL: adminEmail,
        ADMIN_PASSWORD: adminPassword,
        APP_KEY: appKey,
        LOG_LEVEL: 'warn',
        PUBLIC_WRITE_LIMIT: '1000',
        BEACON_LIMIT: '1000',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  // A free port can be taken between its test and the server's listen (an outgoing connection of
  // this machine's is given the same range): the server is then started again on another.
  const listening = async (): Promise<{ port: number; child: ChildProcess }> => {
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const child = start(port);
      let log = '';
      child.stdout?.on('data', (d) => (log += d));
      child.stderr?.on('data', (d) => (log += d));
      try {
        await waitForServer(`http://127.0.0.1:${port}`, child, () => log);
        return { port, child };
      } catch (error) {
        if (attempt === 3 || !log.includes('EADDRINUSE')) throw error;
      }
    }
  };
  const { port, child } = await listening();
  const baseUrl = `http://127.0.0.1:${port}`;

  let token: string | undefined;
  const getToken = async () => {
    if (token) return token;
    const res = await fetch(`${baseUrl}/cms/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: adminEmail, password: adminPassword }),
    });
    token = ((await res.json()) as { token: string }).token;
    return token;
  };

  return {
    baseUrl,
    adminEmail,
    adminPassword,
    appKey,
    dataDir,
    token: getToken,
    async api<T>(method: string, pathname: string, body?: unknown) {
      const res = await fetch(`${baseUrl}/cms/api/${pathname.replace(/^\//, '')}`, {
        method,
        headers: {
          authorization: `Bearer ${await getToken()}`,
          app_key: appKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      await schema?.drop();
    },
  };
}

/** A PostgreSQL schema of its own, dropped by `drop()`. */
export async function pgSchema(): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `e2e_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`create schema ${name}`);
  return { name, drop: () => run(`drop schema ${name} cascade`) };
}

/** A headless browser: the tests' own unless `executablePath` names another. */
export async function launchBrowser(executablePath = TEST_CHROMIUM): Promise<Browser> {
  return chromium.launch({ executablePath, args: CHROMIUM_FLAGS, headless: true });
}

/** Waits until the app has taken over the page (App.tsx marks <html data-app="ready">): before that a server-rendered page does not react. */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
}

/**
 * The app and a browser for one test file: started before its first test, stopped after its last.
 * `options` is read when the app starts (a file may prepare its own build folder first).
 */
export function e2eFixture(options: () => StartOptions = () => ({})): { app: RunningApp; browser: Browser } {
  const fixture = {} as { app: RunningApp; browser: Browser };
  beforeAll(async () => {
    // Side by side: the server's start waits on its port and Chromium's on its own process, and
    // neither needs the other until the first test. Each is kept as it comes, so afterAll stops
    // whichever started when the other failed.
    const [app, browser] = await Promise.allSettled([
      startApp(options()).then((started) => (fixture.app = started)),
      launchBrowser().then((launched) => (fixture.browser = launched)),
    ]);
    for (const result of [app, browser]) if (result.status === 'rejected') throw result.reason;
  });
  afterAll(async () => {
    await fixture.browser?.close();
    await fixture.app?.stop();
  });
  return fixture;
}

/** A new browser context (one that can go offline) signed in to the admin as the app's admin, on the dashboard. */
export async function signedInPage(
  browser: Browser,
  app: RunningApp,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<Page> {
  const page = await (await offlineCapableContext(browser, { viewport })).newPage();
  await signIn(page, app);
  return page;
}

/** Signs `page` in to the admin as the app's admin, through the sign-in form, and waits for the dashboard. */
export async function signIn(page: Page, app: RunningApp): Promise<void> {
  await page.goto(`${app.baseUrl}/admin`);
  await page.getByLabel('Email or phone').fill(app.adminEmail);
  await page.locator('input[name="password"]').fill(app.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/**
 * Waits until the page is controlled by the service worker, which installs in the background on
 * a first visit by fetching the whole precache: on this 2-core machine, with the rest of the suite
 * running, that has taken longer than 30 s. If it never comes, the error says where the worker got
 * to (installing, waiting, active or none), which a bare timeout does not.
 */
export async function controlledByWorker(page: Page, timeout = 45_000): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout });
  } catch (error) {
    const state = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      if (!registration) return 'no registration';
      const { installing, waiting, active } = registration;
      return JSON.stringify({ installing: installing?.state, waiting: waiting?.state, active: active?.state });
    });
    throw new Error(`the page was not controlled by the service worker within ${timeout} ms: ${state}`, { cause: error });
  }
}

/** The network line of each context that can go offline (offlineCapableContext). */
const lines = new WeakMap<BrowserContext, NetworkLine>();

/**
 * A browser context with a network line of its own (network-line.ts), which goOffline cuts: a
 * context a test takes offline must be made here.
 */
export async function offlineCapableContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const line = await openNetworkLine();
  const context = await browser.newContext({ ...options, proxy: { server: line.url } });
  lines.set(context, line);
  context.on('close', () => void line.close());
  return context;
}

/**
 * Offline for everything the context runs, its service worker included: the emulated offline state
 * (the pages' navigator.onLine and 'offline' event), every request failed as without a network, and
 * the context's network line cut, which holds also for a target the first two reach late.
 */
export async function goOffline(context: BrowserContext): Promise<void> {
  const line = lines.get(context);
  if (!line) throw new Error('goOffline needs a context made by offlineCapableContext');
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
  line.cut();
  // Each open page has been told (its 'offline' event has run), as a device that lost its network
  // has, before anything is done there: a save then waits rather than being on its way.
  for (const page of context.pages()) await page.waitForFunction(() => !navigator.onLine);
}

/** Cuts the context's network line for `ms` and mends it, as a link that drops and comes back (network-line.ts). */
export function dropLine(context: BrowserContext, ms: number): void {
  const line = lines.get(context);
  if (!line) throw new Error('dropLine needs a context made by offlineCapableContext');
  line.cut();
  setTimeout(() => line.mend(), ms);
}

/** Makes the answers to requests `picked` reach the context `ms` late, its service worker's too (network-line.ts). */
export function slowAnswers(context: BrowserContext, picked: (url: URL) => boolean, ms: number): void {
  const line = lines.get(context);
  if (!line) throw new Error('slowAnswers needs a context made by offlineCapableContext');
  line.slow(picked, ms);
}

export async function goOnline(context: BrowserContext): Promise<void> {
  lines.get(context)?.mend();
  await context.unrouteAll();
  await context.setOffline(false);
}

/**
 * Follows the sidebar's link to a screen, first opening its section if closed (only the shown
 * screen's section, and those the person opened, are open: AdminNav.tsx).
 */
export async function openFromSidebar(page: Page, section: string, screen: string): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Admin screens' });
  const heading = sidebar.getByRole('button', { name: section, exact: true });
  await heading.waitFor();
  if ((await heading.getAttribute('aria-expanded')) !== 'true') await heading.click();
  await sidebar.getByRole('link', { name: screen, exact: true }).click();
}
