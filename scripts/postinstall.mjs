// npm's postinstall: patch-package applies patches/ to the installed packages, so `npm run dev`,
// the tests and the build all run the same code. A patch that no longer applies (its package was
// upgraded) fails the install, rather than leaving the package quietly unpatched.
// A production install (npm ci --omit=dev) has neither patch-package nor the packages patched
// (they are bundled at build time): there is nothing to apply.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const bin = path.join('node_modules', 'patch-package', 'index.js');
if (!fs.existsSync(bin)) {
  console.log('patch-package is not installed (a production install): no patches to apply.');
} else {
  const run = spawnSync(process.execPath, [bin, '--error-on-fail'], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
}
