// `npm start`: build the site and the server when there is no build yet or the sources changed
// since the last one, then run the compiled server (API + site + admin). After a build,
// `npm ci --omit=dev` is enough to run it: nothing here needs the build tools or TypeScript.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureBuild } from './ensure-build.mjs';
import { serverProfile } from './server-flags.mjs';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
// Chosen first: a SERVER_PROFILE that names no profile fails before a build, not after.
let profile;
try {
  profile = serverProfile();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// `npm start -- --verbose` shows a build's whole output as it comes.
const serverEntry = ensureBuild(path.resolve(process.env.STATIC_DIR ?? 'dist'), { verbose: process.argv.includes('--verbose') });

console.log(`Node profile: ${profile.name} (${profile.reason})`);
const server = spawn(process.execPath, [...profile.flags, serverEntry], {
  env: { ...profile.env, ...process.env },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
