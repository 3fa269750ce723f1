/** The three test layers `npm test` runs in turn (scripts/test.mjs). */
import { defineConfig } from 'vitest/config';
import LongFilesFirst from './tests/support/long-files-first.js';

export default defineConfig({
  define: { __BUILD_ID__: JSON.stringify('test') },
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}', 'machines/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // The seeded demo on each database, made once for every file's test apps.
          globalSetup: ['tests/api/seeded-data.ts'],
          testTimeout: 20_000,
          // Two files at a time whatever the core count (Vitest would take one on two cores): a file
          // spends much of its time waiting on PostgreSQL, SQLite's disk and password hashing's pool.
          maxWorkers: 2,
          // A file's app starts in beforeAll (migrations, demo content): with two databases and the
          // other files' apps on two cores, that has outlasted 10 s on PostgreSQL, and a clean
          // clone's CI run once ended with one file's 3 tests skipped and none failed, the mark
          // of a beforeAll that did not finish. Start-up time is not what these tests check.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // The seeded demo with its pictures' renditions, made once for every file's server.
          globalSetup: ['tests/e2e/demo-data.ts'],
          // A hang guard, not a target (targets live in the benchmarks). CI's machine is shared
          // with other work: on a loaded day tests that usually take seconds outran a minute, a
          // different one each run (docs/performance.md#test-suite-time).
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A poll waits for what a page or the server will do: with files sharing two cores,
          // a persisted outbox (written at most once a second) or an island's code has come later
          // than Vitest's default second. Waiting longer changes no assertion, only how long a
          // failing one takes to say so.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each with its own server and Chromium. Three kept the two cores
          // fuller on a good day, but this machine's speed varies from run to run, and on a slow
          // one three ran out of cores: tests meant to take seconds outran their minute
          // (docs/performance.md). Each file's data is its own (startApp), so none sees another's
          // writes. E2E_WORKERS=1 runs them one at a time, to tell a race from a failure.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
        },
      },
    ],
  },
});
