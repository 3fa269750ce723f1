// The steps of `npm run build`, each a child process whose whole output goes to the build's log.
// On the terminal it streams as it comes, or, quiet (what `npm start` asks for), a step is one
// line when it ends: a new user sees the build's progress, not hundreds of lines of file sizes.
// A quiet step still shows its warning lines, and a failed one its whole output.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

/** A line a build prints to warn (Vite's "(!)", Rolldown's " WARN ", a plugin's "WARNING"). */
export const WARNING_LINE = /\bwarn(?:ing)?\b|\(!\)|deprecated/i;

/**
 * Runs `command args` as the step called `title`, its output appended to `log`. Resolves when it
 * succeeds; rejects (with the step's exit code as `exitCode`) when it fails.
 */
export async function runStep(title, command, args, { quiet = false, log, out = process.stdout, env = process.env } = {}) {
  if (!quiet) out.write(`\n${title}\n`);
  const started = Date.now();
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // Colours as on a terminal when the output streams to one; the log is kept plain.
    env: !quiet && out.isTTY ? { FORCE_COLOR: '1', ...env } : env,
  });
  const chunks = [];
  const take = (chunk) => {
    chunks.push(chunk);
    if (log) fs.appendFileSync(log, stripVTControlCharacters(chunk.toString()));
    if (!quiet) out.write(chunk);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  const code = await new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('close', (exit) => resolve(exit ?? 1));
  });
  const output = stripVTControlCharacters(Buffer.concat(chunks).toString());
  if (code === 0) {
    if (quiet) {
      out.write(`  ✓ ${title} (${Math.round((Date.now() - started) / 1000)} s)\n`);
      for (const line of output.split('\n').filter((text) => WARNING_LINE.test(text))) out.write(`    ${line.trim()}\n`);
    }
    return;
  }
  if (quiet) out.write(`  ✗ ${title} failed:\n${output}\n`);
  throw Object.assign(new Error(`${title} failed (exit code ${code})`), { exitCode: code });
}
