/**
 * `npm run bench`: load on 127.0.0.1 only, 10 s per endpoint, then a table of req/s, p50, p99 and
 * the ratio to a bare node:http server sending the same sliders body. Measures; asserts nothing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
const posts = POSTS.toLocaleString('en');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-bench-'));
const children: ChildProcess[] = [];

function start(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

interface Row {
  title: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  /** req/s of the bare server this row is compared with, when not the sliders one. */
  against?: number;
}

async function load(
  title: string,
  url: string,
  connections: number,
  headers: Record<string, string>,
  /** Gives each request its own path (a search no one made before, so nothing is cached). */
  pathFor?: (n: number) => string,
): Promise<Row> {
  let n = 0;
  const requests = pathFor ? [{ setupRequest: (req: { path: string }) => ({ ...req, path: pathFor(n++) }) }] : undefined;
  const options = { url, connections, duration: DURATION_S, headers, ...(requests ? { requests } : {}) };
  const result = await autocannon(options as autocannon.Options);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${title}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { title, connections, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** The site's own pages are measured too when there is a build with its server-rendering bundle. */
const build = path.resolve(process.env.STATIC_DIR ?? 'dist');
const hasBuild = fs.existsSync(path.join(build, '.ssr', 'entry-server.js'));

try {
  const port = 3900;
  console.log(`Seeding a bench database (demo site + ${posts} posts) in ${dir} …`);
  await start(['--import', 'tsx', 'tests/bench/server.ts'], {
    PORT: String(port),
    DATABASE_URL: `sqlite:${path.join(dir, 'site.db')}`,
    UPLOAD_DIR: path.join(dir, 'uploads'),
    STATIC_DIR: hasBuild ? build : path.join(dir, 'no-build'),
    ADMIN_EMAIL: 'bench@example.com',
    ADMIN_PASSWORD: 'bench-password',
    BENCH_POSTS: String(POSTS),
  });
  const base = `http://127.0.0.1:${port}`;
  const publicHeaders = { 'app-key': 'demo' };
  // What every browser sends for a page (the home page is about ten times smaller in brotli).
  const browserHeaders = { accept: 'text/html', 'accept-encoding': 'br, gzip' };
  const login = await fetch(`${base}/cms/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: 'bench@example.com', password: 'bench-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const adminHeaders = { authorization: `Bearer ${token}`, app_key: 'demo' };

  const bodyFile = path.join(dir, 'sliders.json');
  fs.writeFileSync(bodyFile, await (await fetch(`${base}/cms/sliders`, { headers: publicHeaders })).text());
  await start(['tests/bench/bare.mjs'], { PORT: String(port + 1), BODY_FILE: bodyFile });
  // Each page is measured against a bare server sending the same page in the same brotli: how much
  // a page costs the server, apart from what its size costs the load generator.
  const pages = [
    ['/', 'home'],
    ['/about', 'page'],
  ] as const;
  const pageRows: Row[] = [];
  for (const [i, [url, kind]] of (hasBuild ? pages : []).entries()) {
    const file = path.join(dir, `page-${i}.html`);
    fs.writeFileSync(file, await (await fetch(`${base}${url}`)).text());
    const barePort = port + 2 + i;
    await start(['tests/bench/bare.mjs'], {
      PORT: String(barePort),
      BODY_FILE: file,
      BODY_ENCODING: 'br',
      CONTENT_TYPE: 'text/html; charset=utf-8',
    });
    const yardstick = await load(
      `bare node:http (the same ${url} page, brotli)`,
      `http://127.0.0.1:${barePort}/`,
      50,
      browserHeaders,
    );
    const page = await load(`GET ${url} (${kind}, from the page cache)`, `${base}${url}`, 50, browserHeaders);
    pageRows.push(yardstick, { ...page, against: yardstick.rps });
  }
  const rows = [
    await load('bare node:http (same sliders body)', `http://127.0.0.1:${port + 1}/`, 50, {}),
    await load('GET /cms/sliders', `${base}/cms/sliders`, 50, publicHeaders),
    await load('GET /cms/pages/about', `${base}/cms/pages/about`, 50, publicHeaders),
    await load('GET /cms/posts?size=3', `${base}/cms/posts?size=3`, 50, publicHeaders),
    ...pageRows,
    await load(
      `admin search, ${posts} posts, one search paged`,
      `${base}/cms/api/posts?page=1&size=10&search_key=network%20update`,
      10,
      adminHeaders,
    ),
    await load(
      `admin search, ${posts} posts, a new search each time`,
      `${base}/cms/api/posts`,
      10,
      adminHeaders,
      (n) => `/cms/api/posts?page=1&size=10&search_key=update%20number%20${n}`,
    ),
  ];
  const bare = rows[0]!.rps;
  console.log(`\n${DURATION_S} s per endpoint, on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'})\n`);
  console.log('| endpoint | connections | req/s | p50 ms | p99 ms | ratio to bare |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.title} | ${r.connections} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${(r.rps / (r.against ?? bare)).toFixed(2)} |`,
    );
  }
  if (!hasBuild) console.log(`\n(No build with a server bundle in ${build}: run \`npm run build\` to measure the pages too.)`);
  if (pageRows.length > 0) console.log('\nPage rows: ratio to the bare server sending the same page in brotli, just above.');
  console.log(
    '\nTargets: public reads and pages ≥ 0.80 of bare; admin search (a new search each time, 100,000 posts) p99 ≤ 30 ms.',
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  fs.rmSync(dir, { recursive: true, force: true });
}
