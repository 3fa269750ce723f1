import { createServer } from './src/server/bootstrap';
import { configFromEnv } from './src/server/config';
import { inProcessReads } from './src/server/routes/public';
const config = { ...configFromEnv(), logLevel: 'warn' };
const { app } = await createServer(config);
await app.ready();
const read = inProcessReads(app);
const url = process.env.RURL ?? '/cms/pages/about?locale=en';
const N = Number(process.env.N ?? 2000);
for (let i = 0; i < 300; i++) JSON.stringify((await read(url, 'demo')).body);
const times: number[] = [];
for (let i = 0; i < N; i++) { const t = performance.now(); JSON.stringify((await read(url, 'demo')).body); times.push(performance.now() - t); }
times.sort((a, b) => a - b);
console.log(url, 'p50', times[N >> 1]!.toFixed(3), 'mean', (times.reduce((a, b) => a + b) / N).toFixed(3));
await app.close(); process.exit(0);
