/**
 * Erasing what stayed in the Trash longer than LIMITS.trashDays. There is no job runner: it runs
 * when the server starts, every hour while it runs, and whenever someone opens a Trash view.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Services } from '../plugins/context';

const HOUR_MS = 60 * 60 * 1000;

export async function eraseExpiredTrash(services: Services, at = Date.now()): Promise<number> {
  let erased = 0;
  for (const service of Object.values(services)) erased += await service.eraseExpiredTrash(at);
  return erased;
}

export const trashCollector = fp(
  async (app: FastifyInstance) => {
    const run = () =>
      eraseExpiredTrash(app.ctx.services).catch((error: unknown) => app.log.error({ err: error }, 'Emptying the Trash failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await run();
      timer = setInterval(run, HOUR_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'trash-collector', dependencies: ['app-context'] },
);
