/**
 * The production start: a copy of the project with its build, installed with
 * `npm ci --omit=dev` (no Vite, no tsx, no TypeScript), serves the site and the API through
 * `npm start`, and the CLI works there too. The install needs the npm registry, as CI has;
 * better-sqlite3's binary comes prebuilt, as a new user's download brings it (betterSqlitePrebuild).
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_PROFILES, serverProfile } from '../../scripts/server-flags.mjs';
import { freePort, waitForServer } from './harness';

const staticDir = path.resolve(process.env.E2E_STATIC_DIR ?? 'dist');
let project: string;
let prebuilds: string | undefined;
let server: ChildProcess | undefined;
let baseUrl: string;
let log = '';

beforeAll(async () => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-production-'));
  // What a clone holds (tracked files only), plus the build made before this layer.
  const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of tracked) {
    if (!fs.existsSync(file)) continue; // deleted in the working tree
    fs.mkdirSync(path.join(project, path.dirname(file)), { recursive: true });
    fs.copyFileSync(file, path.join(project, file));
  }
  fs.cpSync(staticDir, path.join(project, 'dist'), { recursive: true });

  const install = spawnSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], {
    cwd: project,
    encoding: 'utf8',
    env: { ...process.env, ...betterSqlitePrebuild() },
  });
  if (install.status !== 0) throw new Error(`npm ci --omit=dev failed:\n${install.stdout}\n${install.stderr}`);

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn('npm', ['start'], {
    cwd: project,
    detached: true, // its own process group: npm, start.mjs and the server stop together
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:${path.join(project, 'site.db')}`,
      ADMIN_EMAIL: 'owner@example.org',
      ADMIN_PASSWORD: 'production-start-password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (d) => (log += d));
  server.stderr?.on('data', (d) => (log += d));
  await waitForServer(baseUrl, server, () => log);
}, 300_000);

/**
 * A folder holding better-sqlite3's prebuilt binary for this node, named as its release download
 * is, made from the one this checkout's install has. A new user's `npm ci` runs prebuild-install,
 * which downloads that binary from GitHub; where GitHub cannot be reached (as on this machine) it
 * compiles SQLite from source instead, most of this file's time. Given the folder
 * (npm_config_better_sqlite3_local_prebuilds, prebuild-install's own setting), the same
 * prebuild-install unpacks the binary as it would a download. Without a binary here, or if the
 * name no longer matches, it compiles, as before: slower, never wrong.
 */
function betterSqlitePrebuild(): Record<string, string> {
  const pkg = path.resolve('node_modules/better-sqlite3');
  if (!fs.existsSync(path.join(pkg, 'build/Release/better_sqlite3.node'))) return {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-prebuilds-'));
  prebuilds = dir;
  const { version } = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')) as { version: string };
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', ['-czf', path.join(dir, name), '-C', pkg, 'build/Release/better_sqlite3.node']);
  return { npm_config_better_sqlite3_local_prebuilds: dir };
}

/** Whether any process of the group `pid` leads is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  if (server?.pid && groupAlive(server.pid)) {
    process.kill(-server.pid, 'SIGTERM');
    // npm exits before the server has finished its shutdown, which may still be writing the
    // demo's renditions into the project: wait for the whole group, not npm alone.
    for (let i = 0; i < 100 && groupAlive(server.pid); i++) await new Promise((r) => setTimeout(r, 100));
    if (groupAlive(server.pid)) process.kill(-server.pid, 'SIGKILL');
  }
  if (project) fs.rmSync(project, { recursive: true, force: true, maxRetries: 5 });
  if (prebuilds) fs.rmSync(prebuilds, { recursive: true, force: true });
});

describe('npm ci --omit=dev, then npm start', () => {
  it('installs no build tools and does not build again', () => {
    for (const tool of ['vite', 'tsx', 'typescript', 'vitest']) {
      expect(fs.existsSync(path.join(project, 'node_modules', tool)), tool).toBe(false);
    }
    expect(log).not.toMatch(/building the site/);
  });

  it('is ready and serves the server-rendered home and the API', async () => {
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: { build: 'ok', migrations: 'ok' } });

    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    // Server-rendered: the demo's menu is in the HTML before any script runs.
    expect(html).toMatch(/<nav[^>]*>[\s\S]*Contact/);

    const sliders = await fetch(`${baseUrl}/cms/sliders`, { headers: { app_key: 'demo' } });
    expect(sliders.status).toBe(200);
    expect(((await sliders.json()) as { data: { data: unknown[] } }).data.data.length).toBeGreaterThan(0);
  });

  it('runs the compiled server with the node profile chosen for this host, and says which', () => {
    // The same choice npm start makes: this host's memory, SERVER_PROFILE when it is set.
    const profile = serverProfile();
    expect(log).toContain(`Node profile: ${profile.name} (${profile.reason})`);
    // Every process npm start made is in the group it was started in (detached above).
    const group = execFileSync('ps', ['-o', 'pid=,args=', '-g', String(server!.pid)], { encoding: 'utf8' });
    const node = group.split('\n').find((args) => args.includes(path.join('.server', 'main.js')));
    expect(node, group).toBeDefined();
    for (const flag of profile.flags) expect(node).toContain(flag);
    const otherFlags = Object.values(SERVER_PROFILES).flatMap((other) => other.flags.filter((f) => !profile.flags.includes(f)));
    for (const flag of otherFlags) expect(node).not.toContain(flag);
    const environment = fs.readFileSync(`/proc/${node!.trim().split(' ')[0]}/environ`, 'utf8').split('\0');
    for (const [name, value] of Object.entries(profile.env)) expect(environment).toContain(`${name}=${value}`);
  });

  it('runs the CLI from the compiled server', () => {
    const list = spawnSync('npx', ['orgsite', 'user:list'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: `sqlite:${path.join(project, 'site.db')}` },
    });
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain('owner@example.org');
  });
});
