#!/usr/bin/env node
// `npx orgsite <command>` (package.json "bin"): the command-line tool of src/server/cli.ts. It runs
// the compiled copy from the last build when that build matches the sources, otherwise the sources
// themselves through tsx (a development install).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildToolsInstalled, serverBuildDir, sourceHash, storedBuildId } from './build-id.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const staticDir = path.resolve(root, process.env.STATIC_DIR ?? 'dist');
const compiled = path.join(serverBuildDir(staticDir), 'cli.js');
const useCompiled = fs.existsSync(compiled) && (!buildToolsInstalled(root) || storedBuildId(staticDir) === sourceHash(root));

let runCli;
if (useCompiled) {
  ({ runCli } = await import(pathToFileURL(compiled).href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ runCli } = await import('../src/server/cli.ts'));
}
process.exitCode = await runCli(process.argv.slice(2));
