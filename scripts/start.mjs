// `npm start`: build the site (browser and server-rendering bundles) when there is no build yet or
// the sources changed since the last one, then run the server (API + site + admin).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sourceHash, storedBuildId } from './build-id.mjs';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const staticDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
const built = fs.existsSync(path.join(staticDir, 'index.html'));
const stale = built && storedBuildId(staticDir) !== sourceHash();
if (!built || stale) {
  console.log(
    built
      ? `The sources changed since the build in ${staticDir}: building the site again (npm run build)…`
      : `No build in ${staticDir}: building the site first (npm run build)…`,
  );
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
