/**
 * Erasing what stayed in the Trash longer than LIMITS.trashDays. There is no job runner: it runs
 * when the server starts, every hour while it runs (plugins/upkeep.ts), and whenever someone opens
 * a Trash view.
 */
import type { Services } from '../plugins/context';

export async function eraseExpiredTrash(services: Services, at = Date.now()): Promise<number> {
  let erased = 0;
  for (const service of Object.values(services)) erased += await service.eraseExpiredTrash(at);
  return erased;
}
