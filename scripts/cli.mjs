#!/usr/bin/env node
// `npx orgsite <command>` (package.json "bin"): the command-line tool of src/server/cli.ts.
import { register } from 'tsx/esm/api';

register();
const { runCli } = await import('../src/server/cli.ts');
process.exitCode = await runCli(process.argv.slice(2));
