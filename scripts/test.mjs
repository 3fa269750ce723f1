// `npm test`: every layer (types, lint, format, unit, API on SQLite + PostgreSQL, end-to-end in Chromium), and the time each took.
// A layer that cannot run says why in one line; under CI=true that is a failure, not a skip.
// `npm run test:changed [-- <git ref>]`: only the test files that changed, or import what changed, since HEAD (or the ref): unit, API, and end-to-end when the build is up to date.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sourceHash, storedBuildId } from './build-id.mjs';

const CI = process.env.CI === 'true';
/** `--changed` or `--changed <ref>`: Vitest's --changed, on the test layers only. */
const changedAt = process.argv.indexOf('--changed');
const changed = changedAt === -1 ? undefined : `--changed${process.argv[changedAt + 1] ? `=${process.argv[changedAt + 1]}` : ''}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const resultsDir = path.resolve('.tmp/test-results');
fs.mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** [layer, wall-clock ms] in the order they ran. */
const layerTimes = [];
/** { file, ms } of every test file run, from file-times-reporter.mjs. */
const fileTimes = [];
const started = Date.now();

/**
 * Runs one step. A step that runs beside others keeps its output and prints it whole when it ends,
 * so two steps' lines never interleave; a step that runs alone prints as it goes.
 */
function run(label, command, args, { env = {}, alone = false } = {}) {
  const start = Date.now();
  if (alone) console.log(`\n── ${label} ──`);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const ms = Date.now() - start;
      if (!alone) process.stdout.write(`\n── ${label} ──\n${output}`);
      console.log(`── ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${(ms / 1000).toFixed(1)} s ──`);
      layerTimes.push([label, ms]);
      if (code !== 0) problems.push(`${label} failed`);
      resolve(code === 0);
    });
  });
}

/** Runs the steps, at most `width` at a time, and answers whether each passed, in their order. */
async function side(width, steps) {
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const i = next++;
      results[i] = await steps[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  return results;
}

function vitest(layer, { alone = false } = {}) {
  const output = path.join(resultsDir, `${layer}.json`);
  const times = path.join(resultsDir, `${layer}.times.json`);
  fs.rmSync(output, { force: true });
  fs.rmSync(times, { force: true });
  return run(
    `${layer} tests`,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      layer,
      '--reporter=default',
      '--reporter=json',
      '--reporter=./scripts/file-times-reporter.mjs',
      `--outputFile=${output}`,
      ...(changed ? [changed, '--passWithNoTests'] : []),
    ],
    { env: { FILE_TIMES_OUTPUT: times }, alone },
  ).then((passed) => {
    const files = fs.existsSync(times) ? JSON.parse(fs.readFileSync(times, 'utf8')) : [];
    fileTimes.push(...files);
    if (fs.existsSync(output)) {
      const report = JSON.parse(fs.readFileSync(output, 'utf8'));
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
      totals.skipped += report.numPendingTests + report.numTodoTests;
      // A file can fail with no failed test (a hook that threw skips its tests): name it and its
      // error here, so a long run's verdict does not depend on scrolling back through its log.
      for (const file of report.testResults ?? []) {
        if (file.status !== 'failed') continue;
        const name = path.relative(process.cwd(), file.name);
        const why =
          file.message ||
          file.assertionResults?.find((t) => t.status === 'failed')?.failureMessages?.[0] ||
          files.find((f) => f.file === name)?.errors.join('; ') ||
          '';
        problems.push(`${name}: ${why.split('\n')[0].slice(0, 400) || 'failed'}`);
      }
    }
    return passed;
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** Where the time went: each layer's wall clock, and the slowest test files (import and hooks included). */
function printTimes() {
  console.log('\nTime per layer (wall clock):');
  for (const [label, ms] of layerTimes) console.log(`${seconds(ms)}  ${label}`);
  console.log(`${seconds(Date.now() - started)}  in all`);
  if (fileTimes.length === 0) return;
  console.log('\nSlowest test files:');
  for (const { file, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`${seconds(ms)}  ${file}`);
}

function skip(reason) {
  console.log(`SKIPPED: ${reason}`);
  if (CI) problems.push(`${reason} (a skipped layer fails the run under CI=true)`);
}

// The checks, the unit tests and the build each keep one core busy and wait for nothing, so they run
// two at a time; the API and end-to-end layers run alone, each with its own workers and servers.
const e2eRuns = fs.existsSync(CHROMIUM);
if (!e2eRuns) skip(`end-to-end tests skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
const building = !changed && e2eRuns;
const [built] = await side(2, [
  // The build goes first: the end-to-end layer waits for it.
  () => building && run('build for end-to-end tests', process.execPath, ['scripts/build.mjs', '--logLevel', 'warn']),
  ...(changed
    ? []
    : [
        () => run('type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']),
        () => run('lint (ESLint: rules and import direction)', 'npx', ['eslint', '.']),
        () => run('format (Prettier)', 'npx', ['prettier', '--check', '.']),
      ]),
  () => vitest('unit'),
]);
await vitest('api', { alone: true });
if (e2eRuns && changed) {
  // Building takes minutes: a quick run tests the build there is, if it is the sources'.
  const build = process.env.E2E_STATIC_DIR ?? 'dist';
  if (storedBuildId(build) === sourceHash()) await vitest('e2e', { alone: true });
  else skip(`end-to-end tests skipped: the build in ${build} is older than the sources (npm run build)`);
} else if (e2eRuns && built) {
  await vitest('e2e', { alone: true });
}

printTimes();
console.log('');
for (const problem of problems) console.log(`✗ ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(problems.length === 0 && totals.failed === 0 ? 0 : 1);
