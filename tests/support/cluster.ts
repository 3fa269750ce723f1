/**
 * Pieces of a cluster for the tests and the bench: an S3-protocol server in a process of its own,
 * instances of the compiled server (as `npm start` runs them) on one PostgreSQL schema and one
 * bucket, and a round-robin proxy in front that does what nginx's upstream module does by default:
 * a backend that refuses the connection is marked down for a while and the request goes to the
 * next (it never reached the refused one); a request that breaks off on a backend is answered 502.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverBuildDir } from '../../scripts/build-id.mjs';
import { serverProfile } from '../../scripts/server-flags.mjs';
import { freePort } from '../e2e/harness';

export { PG_URL, pgSchema } from '../e2e/harness';

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status < 500;
  } catch {
    return false;
  }
}

async function waitFor(url: string, child: ChildProcess, log: () => string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode}):\n${log()}`);
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${log()}`);
}

/** s3rver (the npm package's command) in its own process, with one bucket. */
export async function startS3Process(bucket = 'orgsite'): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-s3-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      path.resolve('node_modules/s3rver/bin/s3rver.js'),
      '-d',
      directory,
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  const endpoint = `http://127.0.0.1:${port}`;
  await waitFor(`${endpoint}/${bucket}`, child, () => log);
  return {
    endpoint,
    async stop() {
      await stopProcess(child);
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8_000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export interface Instance {
  port: number;
  base: string;
  /** Starts it (again, on the same port); resolves once it answers. */
  start(): Promise<void>;
  /** SIGKILL: gone at once, mid-request, as a crashed machine. */
  kill(): void;
  stop(): Promise<void>;
  alive(): boolean;
  log(): string;
}

/** One instance of the compiled server with these settings (PORT is its own). */
export async function instance(build: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let log = '';
  const self: Instance = {
    port,
    base: `http://127.0.0.1:${port}`,
    async start() {
      const profile = serverProfile();
      child = spawn(process.execPath, [...profile.flags, path.join(serverBuildDir(build), 'main.js')], {
        env: { ...profile.env, ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.on('data', (d) => (log += d));
      child.stderr?.on('data', (d) => (log += d));
      await waitFor(`${self.base}/readyz`, child, () => log);
    },
    kill: () => child?.kill('SIGKILL'),
    stop: async () => {
      if (child) await stopProcess(child);
    },
    alive: () => child !== undefined && child.exitCode === null && child.signalCode === null,
    log: () => log,
  };
  return self;
}

export interface ProxiedRequest {
  at: number;
  backend: number;
  method: string;
  url: string;
  /** The status the backend answered, or undefined when it broke off (the client got 502). */
  status?: number;
  error?: string;
  /** When it broke off. */
  failedAt?: number;
}

/** The round-robin proxy: `requests` is what each backend was given and how it ended. */
export async function roundRobinProxy(backends: Instance[], downForMs = 2_000) {
  const down = new Map<number, number>();
  const requests: ProxiedRequest[] = [];
  const agents = backends.map(() => new http.Agent({ keepAlive: true, maxSockets: 128 }));
  let next = 0;
  const pick = (tried: Set<number>): number | undefined => {
    for (let i = 0; i < backends.length; i += 1) {
      const candidate = (next + i) % backends.length;
      if (tried.has(candidate) || (down.get(candidate) ?? 0) > Date.now()) continue;
      next = candidate + 1;
      return candidate;
    }
    return undefined;
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<number>();
      const attempt = () => {
        const backend = pick(tried);
        if (backend === undefined) {
          res.writeHead(502, { 'content-type': 'text/plain' }).end('No backend answers');
          return;
        }
        tried.add(backend);
        const record: ProxiedRequest = { at: Date.now(), backend, method: req.method ?? 'GET', url: req.url ?? '/' };
        const target = backends[backend]!;
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: target.port,
            method: req.method,
            path: req.url,
            agent: agents[backend],
            headers: { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
          },
          (answer) => {
            record.status = answer.statusCode;
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
            answer.on('error', (error) => {
              record.error = error.message;
              record.failedAt = Date.now();
              res.destroy();
            });
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code === 'ECONNREFUSED' && !res.headersSent) {
            // It never reached that backend: mark it down and give the request to the next.
            down.set(backend, Date.now() + downForMs);
            attempt();
            return;
          }
          record.error = error.code ?? error.message;
          record.failedAt = Date.now();
          requests.push(record);
          down.set(backend, Date.now() + downForMs);
          if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad gateway');
          else res.destroy();
        });
        upstream.on('response', () => requests.push(record));
        upstream.end(body);
      };
      attempt();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const agent of agents) agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
