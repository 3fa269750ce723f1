// What a build was made from: a hash of every file that goes into the browser, server-rendering
// and server bundles, the lockfile and the patches applied to installed packages. `npm run build`
// stores it in <outDir>/.build-id; `npm start` rebuilds when the sources no longer match it (after
// a `git pull`, say).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const INPUTS = [
  'package-lock.json',
  'patches',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'src/client',
  'src/shared',
  'machines',
  'public',
  'scripts/vite',
  'scripts/build.mjs',
  'scripts/server-build.mjs',
  'src/server',
];

function filesUnder(entry) {
  if (!fs.existsSync(entry)) return [];
  if (!fs.statSync(entry).isDirectory()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((child) => filesUnder(path.join(entry, child.name)));
}

export function sourceHash(root = process.cwd()) {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of filesUnder(path.join(root, input))) {
      // routeTree.gen.ts is written by the build itself.
      if (file.endsWith('routeTree.gen.ts')) continue;
      hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

export const buildIdFile = (outDir) => path.join(outDir, '.build-id');

/** The id the build in `outDir` was made from, or undefined when there is none. */
export function storedBuildId(outDir) {
  try {
    return fs.readFileSync(buildIdFile(outDir), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The compiled server (and CLI) inside a build. */
export const serverBuildDir = (outDir) => path.join(outDir, '.server');

/** False after `npm ci --omit=dev`: the build tools (Vite) are development dependencies. */
export function buildToolsInstalled(root = process.cwd()) {
  return fs.existsSync(path.join(root, 'node_modules', 'vite', 'package.json'));
}
