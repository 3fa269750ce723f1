/**
 * What the server does by itself, when it starts and then once a period (an hour; UPKEEP_PERIOD_MS):
 * erase what stayed in the Trash too long, remove resumable uploads left for a day, erase sign-ups
 * never confirmed (content/subscriptions.ts), erase form entries past their form's retention
 * (content/built-forms.ts) and the files of erased entries (content/entry-files.ts), let the database
 * refresh its planner statistics and merge its search indexes (Database.optimize), and forget old
 * webhook deliveries, job runs and notifications (sending the mails a stopped instance left), and fold the analytics queue (content/analytics.ts). Each job runs on one instance per period, however many share the database
 * (ops/job-claims.ts): every instance tries at the start of each period, and one claim lands.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eraseExpiredTrash } from '../content/trash';
import { JobClaims } from '../ops/job-claims';
import { erasePendingSubscriptions } from '../content/subscriptions';
import { eraseExpiredEntries } from '../content/built-forms';
import { eraseLooseFiles } from '../content/entry-files';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobClaims;
  }
}

/** Spread over the first seconds of a period, so instances do not all ask at the same instant. */
const MAX_JITTER_MS = 5_000;

export const upkeep = fp(
  async (app: FastifyInstance) => {
    const { ctx } = app;
    const claims = new JobClaims(ctx.database.db, ctx.config.upkeepPeriodMs);
    app.decorate('jobs', claims);
    const jobs: Record<string, () => unknown> = {
      trash: () => eraseExpiredTrash(ctx.services),
      'partial-uploads': () => ctx.partialUploads.deleteExpired(),
      'pending-subscribers': () => erasePendingSubscriptions(ctx),
      'form-entries': () => eraseExpiredEntries(ctx),
      // Files of entries erased some other way (the Trash's purge), and uploads no entry took.
      'entry-files': () => eraseLooseFiles(ctx),
      optimize: () => ctx.database.optimize(),
      'webhook-log': () => ctx.webhooks.prune(),
      'job-runs': () => claims.prune(),
      // Sends notification mails a stopped instance left pending, then forgets old notifications.
      notifications: async () => {
        await ctx.notifications.sweep();
        await ctx.notifications.prune();
      },
      // Folds what the hour's beacons left in the queue, then forgets past days' salts and hashes.
      analytics: async () => {
        await ctx.analytics.fold();
        await ctx.analytics.prune();
      },
    };
    const run = async (at: number) => {
      for (const [job, work] of Object.entries(jobs)) {
        await claims
          .runOnce(job, at, work)
          .catch((error: unknown) => app.log.error({ err: error, job }, 'A periodic job failed'));
      }
    };
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const schedule = () => {
      if (closed) return;
      const now = Date.now();
      const at = claims.nextPeriodAt(now);
      const jitter = Math.random() * Math.min(MAX_JITTER_MS, claims.periodMs / 10);
      timer = setTimeout(() => void run(at).finally(schedule), at - now + jitter).unref();
    };
    app.addHook('onReady', async () => {
      await run(Date.now());
      schedule();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
    });
  },
  { name: 'upkeep', dependencies: ['app-context'] },
);
