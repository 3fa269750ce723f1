/**
 * What the server does by itself, when it starts and every hour while it runs (there is no job
 * runner): erase what stayed in the Trash too long, remove resumable uploads left for a day, then let the database refresh its planner
 * statistics for the rows that came and went and merge its search indexes (Database.optimize).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eraseExpiredTrash } from '../content/trash';

const HOUR_MS = 60 * 60 * 1000;

export const upkeep = fp(
  async (app: FastifyInstance) => {
    const run = async () => {
      await eraseExpiredTrash(app.ctx.services).catch((error: unknown) =>
        app.log.error({ err: error }, 'Emptying the Trash failed'),
      );
      await app.ctx.partialUploads
        .removeExpired()
        .catch((error: unknown) => app.log.error({ err: error }, 'Removing expired partial uploads failed'));
      try {
        app.ctx.database.optimize();
      } catch (error) {
        app.log.error({ err: error }, 'Refreshing the planner statistics or search indexes failed');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await run();
      timer = setInterval(() => void run(), HOUR_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'upkeep', dependencies: ['app-context'] },
);
