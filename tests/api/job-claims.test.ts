/**
 * Periodic jobs run once per period across instances: three servers on one database, a period of
 * 600 ms, and every job of every period is run by exactly one of them (and by someone).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../../src/server/bootstrap';
import type { JobRun } from '../../src/server/ops/job-claims';
import { dialects, startTestApp, type TestApp } from './harness';

const available = await dialects();
const PERIOD_MS = 600;
const JOBS = [
  'trash',
  'partial-uploads',
  'pending-subscribers',
  'optimize',
  'webhook-log',
  'job-runs',
  'analytics',
  'form-entries',
  'entry-files',
  'notifications',
];

describe.each(available)('periodic jobs on %s', (dialect) => {
  let first: TestApp;
  const others: FastifyInstance[] = [];
  // SQLite is one instance per file; PostgreSQL is where several share the work.
  const instances = dialect === 'postgres' ? 3 : 1;

  beforeAll(async () => {
    first = await startTestApp(dialect, { upkeepPeriodMs: PERIOD_MS });
    for (let i = 1; i < instances; i += 1) {
      const { app } = await createServer(first.config, { logger: false });
      await app.ready();
      others.push(app);
    }
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await first?.close();
  });

  it(`each job runs once per period, on one of ${instances} instance(s)`, async () => {
    await new Promise((resolve) => setTimeout(resolve, PERIOD_MS * 6));
    const apps = [first.app, ...others];
    const runs: (JobRun & { by: string })[] = apps.flatMap((app) =>
      app.jobs.ran.map((run) => ({ ...run, by: app.jobs.instance })),
    );
    const periods = [...new Set(runs.map((run) => run.period))].sort();
    // The periods every instance has lived through entirely (the first and last may be partial).
    const whole = periods.slice(1, -1);
    expect(whole.length).toBeGreaterThanOrEqual(3);
    for (const period of whole) {
      for (const job of JOBS) {
        const ranBy = runs.filter((run) => run.period === period && run.job === job).map((run) => run.by);
        expect(ranBy, `${job} in ${period}`).toHaveLength(1);
      }
    }
    // The same, as the database recorded it.
    const rows = await first.app.ctx.database.db
      .selectFrom('job_runs')
      .select(['job', 'period', 'instance', 'finished_at'])
      .execute();
    for (const period of whole) {
      expect(
        rows
          .filter((row) => row.period === period)
          .map((row) => row.job)
          .sort(),
      ).toEqual([...JOBS].sort());
    }
    expect(rows.every((row) => row.finished_at !== null || row.period >= periods.at(-1)!)).toBe(true);
    if (instances > 1) {
      // The work is shared, not always taken by the same one (each asks at a random moment of the period's first tenth).
      console.log(
        `job runs per instance: ${apps.map((app) => runs.filter((run) => run.by === app.jobs.instance).length).join(', ')}`,
      );
    }
  });

  it('a period already claimed is not run again (an instance restarting within it)', async () => {
    const at = Date.now();
    let ran = 0;
    expect(await first.app.jobs.runOnce('probe', at, () => (ran += 1))).toBe(true);
    for (const app of others) expect(await app.jobs.runOnce('probe', at, () => (ran += 1))).toBe(false);
    expect(await first.app.jobs.runOnce('probe', at, () => (ran += 1))).toBe(false);
    expect(ran).toBe(1);
    expect(await first.app.jobs.runOnce('probe', at + PERIOD_MS, () => (ran += 1))).toBe(true);
  });

  it('a failing job is recorded with its error and does not stop the others', async () => {
    const at = Date.now() + 100 * PERIOD_MS;
    await expect(first.app.jobs.runOnce('broken', at, () => Promise.reject(new Error('disk full')))).rejects.toThrow('disk full');
    const row = await first.app.ctx.database.db
      .selectFrom('job_runs')
      .select(['error', 'finished_at'])
      .where('job', '=', 'broken')
      .executeTakeFirstOrThrow();
    expect(row.error).toBe('disk full');
    expect(row.finished_at).not.toBeNull();
  });
});
