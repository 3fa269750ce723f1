import { execSync } from 'node:child_process';

/**
 * Names this build: it busts the persisted query cache, so a new version never reads data shaped
 * by an old one. BUILD_ID may be set by a release; otherwise the commit plus the build time, since
 * two builds of one commit (uncommitted work, config changes) may differ.
 */
export function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let commit = 'dev';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout (e.g. an unpacked release): the time alone still tells builds apart
  }
  return `${commit}-${Date.now().toString(36)}`;
}
