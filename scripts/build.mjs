// `npm run build`: the browser build into $STATIC_DIR (default dist), the server-rendering bundle of
// the public site into its hidden .ssr folder (never served; see src/server/seo/ssr.ts), and the
// server itself compiled into .server (scripts/server-build.mjs). Extra arguments (e.g. --logLevel
// warn) go to every build. With --quiet (what `npm start` asks for) each step is one line
// (scripts/build-steps.mjs); the whole output is kept in <outDir>/.build.log either way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIdFile, sourceHash } from './build-id.mjs';
import { runStep } from './build-steps.mjs';

const outDir = path.resolve(process.env.STATIC_DIR ?? 'dist');
const quiet = process.argv.includes('--quiet');
const extra = process.argv.slice(2).filter((arg) => arg !== '--quiet');
const logLevel = extra.includes('--logLevel') ? extra[extra.indexOf('--logLevel') + 1] : 'info';
// Kept in the temporary folder while the build runs (the browser build empties its own first), then in the build.
const log = path.join(os.tmpdir(), `orgsite-build-${process.pid}.log`);
fs.writeFileSync(log, '');
// Taken before building: what the build is made from.
const id = sourceHash();
const vite = ['node_modules/vite/bin/vite.js', 'build'];
try {
  await runStep('Building the site and the back-office for browsers', process.execPath, [...vite, '--outDir', outDir, ...extra], {
    quiet,
    log,
  });
  await runStep('Compressing the files browsers fetch', process.execPath, ['scripts/compress-build.mjs', outDir], { quiet, log });
  await runStep(
    'Building the server rendering of the public site',
    process.execPath,
    [...vite, '--ssr', 'src/client/entry-server.tsx', '--outDir', path.join(outDir, '.ssr'), ...extra],
    { quiet, log },
  );
  await runStep('Building the server', process.execPath, ['scripts/server-build.mjs', outDir, logLevel], { quiet, log });
} catch (error) {
  console.error(`${error.message}. The whole output: ${log}`);
  process.exit(error.exitCode ?? 1);
}
fs.copyFileSync(log, path.join(outDir, '.build.log'));
fs.rmSync(log);
fs.writeFileSync(buildIdFile(outDir), `${id}\n`);
