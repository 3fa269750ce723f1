// `npm test`: every layer (types, lint, format, unit, API on SQLite + PostgreSQL, end-to-end in Chromium), and the time each took.
// A layer that cannot run says why in one line; under CI=true that is a failure, not a skip.
// `npm run test:changed [-- <git ref>]`: only the test files that changed, or import what changed, since HEAD (or the ref): unit, API, and end-to-end when the build is up to date.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sourceHash, storedBuildId } from './build-id.mjs';
import { TEST_CHROMIUM } from './chromium.mjs';

const CI = process.env.CI === 'true';
/** `--changed` or `--changed <ref>`: Vitest's --changed, on the test layers only. */
const changedAt = process.argv.indexOf('--changed');
const changed = changedAt === -1 ? undefined : `--changed${process.argv[changedAt + 1] ? `=${process.argv[changedAt + 1]}` : ''}`;
const resultsDir = path.resolve('.tmp/test-results');
fs.mkdirSync(resultsDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
/** [layer, wall-clock ms] in the order they ran. */
const layerTimes = [];
/** [phase, wall-clock ms, CPU ms or undefined]: the steps that ran side by side, together. */
const phaseTimes = [];

/**
 * The CPU time of every process this one has waited for, and theirs (Linux's cutime + cstime), in
 * ms: its growth over a phase is that phase's CPU time, whose ratio to the phase's wall clock says
 * how much of the machine's cores its steps kept busy, and so whether more of them side by side
 * could end sooner. Undefined where /proc is not there.
 */
function childrenCpuMs() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    // Counted in USER_HZ ticks, which Linux fixes at 100 a second for user space.
    return ticks * 10;
  } catch {
    return undefined;
  }
}
/** { file, ms } of every test file run, from file-times-reporter.mjs. */
const fileTimes = [];
const started = Date.now();

/**
 * Runs one step beside others. A short step keeps its output and prints it whole when it ends, so
 * two steps' lines never interleave; a long one (`tag`) prints each line as it comes, after its
 * tag, so a run that hangs shows where.
 */
function run(label, command, args, { env = {}, tag } = {}) {
  const start = Date.now();
  if (tag) console.log(`\n── ${label} (lines marked ${tag}) ──`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    const take = (chunk) => {
      output += chunk;
      if (!tag) return;
      const end = output.lastIndexOf('\n');
      if (end === -1) return;
      for (const line of output.slice(0, end).split('\n')) process.stdout.write(`${tag} ${line}\n`);
      output = output.slice(end + 1);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      const ms = Date.now() - start;
      if (!tag) process.stdout.write(`\n── ${label} ──\n${output}`);
      else if (output) process.stdout.write(`${tag} ${output}\n`);
      console.log(`── ${label}: ${code === 0 ? 'passed' : 'FAILED'} in ${(ms / 1000).toFixed(1)} s ──`);
      layerTimes.push([label, ms]);
      if (code !== 0) problems.push(`${label} failed`);
      resolve(code === 0);
    });
  });
}

/** Runs the steps, at most `width` at a time, and answers whether each passed, in their order. */
async function side(name, width, steps) {
  const start = Date.now();
  const cpuStart = childrenCpuMs();
  const results = [];
  let next = 0;
  const lane = async () => {
    while (next < steps.length) {
      const i = next++;
      results[i] = await steps[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, steps.length) }, lane));
  const cpuEnd = childrenCpuMs();
  phaseTimes.push([name, Date.now() - start, cpuStart === undefined || cpuEnd === undefined ? undefined : cpuEnd - cpuStart]);
  return results;
}

function vitest(layer, { tag } = {}) {
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
    { env: { FILE_TIMES_OUTPUT: times }, tag },
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
  console.log('\nPhases (wall clock; CPU time, and the cores it kept busy on average):');
  for (const [name, ms, cpu] of phaseTimes) {
    console.log(
      `${seconds(ms)}  ${name}${cpu === undefined ? '' : `  (CPU ${seconds(cpu).trim()}, ${(cpu / ms).toFixed(2)} cores)`}`,
    );
  }
  if (fileTimes.length === 0) return;
  console.log('\nSlowest test files:');
  for (const { file, ms } of fileTimes.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`${seconds(ms)}  ${file}`);
}

function skip(reason) {
  console.log(`SKIPPED: ${reason}`);
  if (CI) problems.push(`${reason} (a skipped layer fails the run under CI=true)`);
}

// The checks, the unit tests and the build each keep one core busy and wait for nothing, so they run
// two at a time. Then the API layer and the end-to-end layer, each on its own, each with two files
// at a time (vitest.config.ts). Side by side, the two layers' workers left some tests too little
// of two cores: a cluster's killed instance, a production start and an island's first touch
// outran their waits.
const e2eRuns = fs.existsSync(TEST_CHROMIUM);
if (!e2eRuns) skip(`end-to-end tests skipped: no Chromium at ${TEST_CHROMIUM} (apt-get install -y chromium-headless-shell)`);
const building = !changed && e2eRuns;
const [built] = await side('checks, unit tests and the build', 2, [
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

/** Whether the end-to-end layer runs: with Chromium, on a build of these sources. */
function e2eWanted() {
  if (!e2eRuns) return false;
  if (!changed) return built;
  // Building takes minutes: a quick run tests the build there is, if it is the sources'.
  const build = process.env.E2E_STATIC_DIR ?? 'dist';
  if (storedBuildId(build) === sourceHash()) return true;
  skip(`end-to-end tests skipped: the build in ${build} is older than the sources (npm run build)`);
  return false;
}
await side('API tests', 1, [() => vitest('api', { tag: '[api]' })]);
if (e2eWanted()) await side('end-to-end tests', 1, [() => vitest('e2e', { tag: '[e2e]' })]);

printTimes();
console.log('');
for (const problem of problems) console.log(`✗ ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(problems.length === 0 && totals.failed === 0 ? 0 : 1);
