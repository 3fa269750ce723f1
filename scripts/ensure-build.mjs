// The build `npm start` runs, made first when there is none or the sources changed since it was
// made. Shared by `npm start` and `npm run bench`, so the bench measures what `npm start` serves.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildToolsInstalled, serverBuildDir, sourceHash, storedBuildId } from './build-id.mjs';

/**
 * Builds into `staticDir` when needed, one line per step unless `verbose` (the whole output is in
 * <staticDir>/.build.log); returns the compiled server's entry. Exits on a failed build.
 */
export function ensureBuild(staticDir, { verbose = false } = {}) {
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
    const build = spawnSync(process.execPath, ['scripts/build.mjs', ...(verbose ? [] : ['--quiet'])], {
      stdio: 'inherit',
      env: { ...process.env, STATIC_DIR: staticDir },
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  return serverEntry;
}
