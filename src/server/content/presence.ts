/**
 * Presence marks: a form open on a record says so every ~30 s (the client's heartbeat); a mark not
 * renewed for a minute has gone. It warns, as WordPress post locks do; it never blocks a save
 * (versions do that job).
 */
import { type DB, now } from '../db/database';

const GONE_AFTER_MS = 60_000;

export interface Editor {
  user_id: number;
  user_name: string | null;
  seen_at: string;
}

/** Marks `user` as editing the record and answers who else is. */
export async function markEditing(
  db: DB,
  resource: string,
  recordId: number,
  user: { id: number; name: string },
): Promise<Editor[]> {
  const seenAt = now();
  await db
    .insertInto('presence')
    .values({ resource, record_id: recordId, user_id: user.id, user_name: user.name, seen_at: seenAt })
    .onConflict((oc) => oc.columns(['resource', 'record_id', 'user_id']).doUpdateSet({ seen_at: seenAt, user_name: user.name }))
    .execute();
  const cutoff = new Date(Date.now() - GONE_AFTER_MS).toISOString();
  // Old marks go as new ones come, so the table holds only what is open now.
  await db
    .deleteFrom('presence')
    .where('seen_at', '<', new Date(Date.now() - 10 * GONE_AFTER_MS).toISOString())
    .execute();
  return db
    .selectFrom('presence')
    .select(['user_id', 'user_name', 'seen_at'])
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .where('user_id', '!=', user.id)
    .where('seen_at', '>', cutoff)
    .orderBy('seen_at', 'desc')
    .execute();
}

/** The user closed the form. */
export async function leave(db: DB, resource: string, recordId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('presence')
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .where('user_id', '=', userId)
    .execute();
}
