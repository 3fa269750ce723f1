/**
 * Work that must happen once per period however many instances share the database (emptying the
 * Trash, removing abandoned uploads, pruning): each instance tries, when the period comes, to
 * insert the row (job, period) into job_runs; the insert that lands is the claim, and only its
 * instance runs the job. One statement on either database (no lock held while the job runs, so an
 * instance killed in the middle leaves no lock behind; the job is idempotent and the next period
 * picks up what it left). On SQLite there is one instance, which always wins.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { DB } from '../db/database';

export interface JobRun {
  job: string;
  period: string;
}

/** Runs kept in job_runs, for "who ran what": long enough to look back over, short enough to stay small. */
const KEEP_DAYS = 30;

export class JobClaims {
  /** Who this instance is, in job_runs: its host, process and a random part (a restarted process is another). */
  readonly instance = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  /** What this instance ran, newest last (the last 100). */
  readonly ran: JobRun[] = [];

  constructor(
    private readonly db: DB,
    readonly periodMs: number,
  ) {}

  /** The start of the period `at` falls in, as job_runs names it. */
  periodOf(at: number): string {
    return new Date(Math.floor(at / this.periodMs) * this.periodMs).toISOString();
  }

  /** When the next period begins. */
  nextPeriodAt(at: number): number {
    return (Math.floor(at / this.periodMs) + 1) * this.periodMs;
  }

  /** Runs `work` when this instance claims (job, the period of `at`); answers whether it did. A failure is recorded and thrown. */
  async runOnce(job: string, at: number, work: () => unknown): Promise<boolean> {
    const period = this.periodOf(at);
    const claim = await this.db
      .insertInto('job_runs')
      .values({ job, period, instance: this.instance, started_at: new Date().toISOString(), finished_at: null, error: null })
      .onConflict((oc) => oc.columns(['job', 'period']).doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    let error: string | null = null;
    try {
      await work();
    } catch (failure) {
      error = failure instanceof Error ? failure.message : String(failure);
      throw failure;
    } finally {
      await this.db
        .updateTable('job_runs')
        .set({ finished_at: new Date().toISOString(), error })
        .where('job', '=', job)
        .where('period', '=', period)
        .execute();
      this.ran.push({ job, period });
      if (this.ran.length > 100) this.ran.shift();
    }
    return true;
  }

  /** Forgets runs older than a month. */
  async prune(at = Date.now()): Promise<void> {
    const cutoff = new Date(at - KEEP_DAYS * 24 * 60 * 60 * 1000).toISOString();
    await this.db.deleteFrom('job_runs').where('period', '<', cutoff).execute();
  }
}
