/**
 * The offline search index at scale (issue 58, docs/performance.md): seeds a bench database
 * (tests/bench/seed.ts: BENCH_PAGES pages, 10,000 unless set, and BENCH_POSTS posts, none unless
 * set), builds its English index through the server's own route, then runs Pagefind's browser
 * script (the one the route serves) against it for a first query of a word every page holds, as
 * a visitor's browser with nothing kept would, and prints what that fetched: each file, and its
 * bytes over the network (the server's answer as a browser accepting br and gzip gets it).
 *
 *   npm run bench:offline-index
 *   BENCH_PAGES=1000 BENCH_WORD=loans npm run bench:offline-index
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createServer } from '../../src/server/bootstrap';
import { configFromEnv } from '../../src/server/config';

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 0);
const WORD = process.env.BENCH_WORD ?? 'programme';
const RESULTS = 10;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-offline-index-'));
const env = {
  DATABASE_URL: `sqlite:${path.join(dir, 'site.db')}`,
  UPLOAD_DIR: path.join(dir, 'uploads'),
  ADMIN_EMAIL: 'bench@example.com',
  ADMIN_PASSWORD: 'bench-password',
  BENCH_PAGES: String(PAGES),
  BENCH_POSTS: String(POSTS),
};

try {
  console.log(`Seeding ${PAGES} pages and ${POSTS} posts in ${dir} …`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/seed.ts'], {
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seeding exited with ${code}`))));
  });
  Object.assign(process.env, env);
  const { app } = await createServer({ ...configFromEnv(), logLevel: 'warn' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const base = `${origin}/search-index/en/`;

  const began = performance.now();
  const list = (await (await fetch(`${base}files.json`)).json()) as { files: string[]; pages: number };
  const buildMs = performance.now() - began;

  // Pagefind's browser script, as served, run here with every file it asks for counted.
  const script = path.join(dir, 'pagefind.js');
  fs.writeFileSync(script, Buffer.from(await (await fetch(`${base}pagefind.js`)).arrayBuffer()));
  const asked: string[] = [`${base}pagefind.js`];
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    asked.push(String(input instanceof Request ? input.url : input));
    return nodeFetch(input, init);
  };
  const pagefind = (await import(pathToFileURL(script).href)) as {
    options(options: Record<string, unknown>): Promise<void>;
    search(term: string): Promise<{ results: { data(): Promise<{ url: string }> }[] }>;
  };
  await pagefind.options({ basePath: base, noWorker: true });
  const { results } = await pagefind.search(WORD);
  await Promise.all(results.slice(0, RESULTS).map((result) => result.data()));
  globalThis.fetch = nodeFetch;

  // Bytes over the network: each answer as a browser that accepts br and gzip is sent it.
  const kinds = new Map<string, { files: number; bytes: number }>();
  let total = 0;
  for (const url of asked) {
    const name = new URL(url).pathname.slice(new URL(base).pathname.length);
    const answer = await app.inject({
      url: new URL(url).pathname + new URL(url).search,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const bytes = answer.rawPayload.length;
    const kind =
      name.split(/[/_.]/)[0] === 'fragment' || name.startsWith('index/') ? name.split('/')[0]! : name.replace(/_[0-9a-f]+/, '');
    const row = kinds.get(kind) ?? { files: 0, bytes: 0 };
    kinds.set(kind, { files: row.files + 1, bytes: row.bytes + bytes });
    total += bytes;
  }
  const allBytes = (
    await Promise.all(
      list.files.map(
        async (name) =>
          (await app.inject({ url: `/search-index/en/${name}`, headers: { 'accept-encoding': 'br, gzip' } })).rawPayload.length,
      ),
    )
  ).reduce((sum, n) => sum + n, 0);

  console.log(
    `\nThe English index of ${list.pages} records: built in ${(buildMs / 1000).toFixed(1)} s, ${list.files.length} files a device keeps, ${(allBytes / 1024).toFixed(0)} KB in all.`,
  );
  console.log(`A first query for “${WORD}” (${results.length} found, the first ${RESULTS} shown), nothing kept before:\n`);
  console.log('| file | files | KB over the network |');
  console.log('| --- | ---: | ---: |');
  for (const [kind, row] of kinds) console.log(`| ${kind} | ${row.files} | ${(row.bytes / 1024).toFixed(1)} |`);
  console.log(`| **total** | ${asked.length} | **${(total / 1024).toFixed(1)}** |`);
  console.log(`\nTarget ≤ 300 KB: ${total <= 300 * 1024 ? 'met' : '**missed**'}.`);
  await app.close();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
