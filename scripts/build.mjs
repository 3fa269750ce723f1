// `npm run build`: the browser build into $STATIC_DIR (default dist), the server-rendering bundle of
// the public site into its hidden .ssr folder (never served; see src/server/seo/ssr.ts), and the
// server itself compiled into .server (scripts/server-build.mjs). Extra arguments (e.g. --logLevel
// warn) go to every build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIdFile, sourceHash } from './build-id.mjs';
import { buildServer } from './server-build.mjs';

const outDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
const extra = process.argv.slice(2);
// Taken before building: what the build is made from.
const id = sourceHash();
for (const args of [
  ['vite', 'build', '--outDir', outDir, ...extra],
  ['vite', 'build', '--ssr', 'src/client/entry-server.tsx', '--outDir', path.join(outDir, '.ssr'), ...extra],
]) {
  const result = spawnSync('npx', args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const logLevel = extra[extra.indexOf('--logLevel') + 1];
await buildServer(outDir, extra.includes('--logLevel') ? logLevel : 'info');
fs.writeFileSync(buildIdFile(outDir), `${id}\n`);
