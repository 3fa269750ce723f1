/**
 * Every API token has an end (LIMITS.apiToken): those made without one get the default lifetime
 * from the time this runs, and those set to end beyond the maximum are brought back to it, so no
 * token made before lifetimes existed works for ever. Tokens already revoked or expired stay so.
 */
import type { Kysely } from 'kysely';
import { LIMITS } from '../../../shared/limits';

const DAY_MS = 86_400_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table as migration 013 made it
export async function up(db: Kysely<any>): Promise<void> {
  const at = Date.now();
  const latest = new Date(at + LIMITS.apiToken.maxDays * DAY_MS).toISOString();
  await db
    .updateTable('api_tokens')
    .set({ expires_at: new Date(at + LIMITS.apiToken.defaultDays * DAY_MS).toISOString() })
    .where('expires_at', 'is', null)
    .execute();
  await db.updateTable('api_tokens').set({ expires_at: latest }).where('expires_at', '>', latest).execute();
}

export async function down(): Promise<void> {
  // Nothing to undo: a token with an end works as one without did, until that end.
}
