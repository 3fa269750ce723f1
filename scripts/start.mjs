// `npm start`: build the site (browser and server-rendering bundles) when there is no build yet, then run the server (API + site + admin).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const staticDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
if (!fs.existsSync(path.join(staticDir, 'index.html'))) {
  console.log(`No build in ${staticDir}: building the site first (npm run build)…`);
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
