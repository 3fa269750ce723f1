// `npm start`: build the site and the server when there is no build yet or the sources changed
// since the last one, then run the compiled server (API + site + admin). After a build,
// `npm ci --omit=dev` is enough to run it: nothing here needs the build tools or TypeScript.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildToolsInstalled, serverBuildDir, sourceHash, storedBuildId } from './build-id.mjs';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const staticDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
const serverEntry = path.join(serverBuildDir(staticDir), 'main.js');
const built = fs.existsSync(path.join(staticDir, 'index.html')) && fs.existsSync(serverEntry);
const stale = built && storedBuildId(staticDir) !== sourceHash();
if (stale && !buildToolsInstalled()) {
  // A production install (npm ci --omit=dev) has no build tools: serve what was built.
  console.warn(
    `The sources changed since the build in ${staticDir}, but the build tools are not installed (npm ci --omit=dev): serving that build. Run \`npm ci && npm run build\` to build again.`,
  );
} else if (!built || stale) {
  console.log(
    built
      ? `The sources changed since the build in ${staticDir}: building the site again (npm run build)…`
      : `No build in ${staticDir}: building the site first (npm run build)…`,
  );
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', serverEntry], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
