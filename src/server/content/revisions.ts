/**
 * History of every record: before a save lands, the record as it was is kept with its version and
 * who saved over it. The newest `keep` are kept per record (the run-time setting). Snapshots hold
 * what the API returns (never a password hash), so reading one shows nothing a read of the record
 * would not.
 */
import type { EntityDef } from '../../shared/entities';
import { type DB, now } from '../db/database';
import type { Row } from './repository';
import { pageOf } from '../db/page-of';

export interface Revision {
  id: number;
  version: number;
  created_at: string;
  user_id: number | null;
  user_name: string | null;
}

export async function keepRevision(
  db: DB,
  def: EntityDef,
  before: Row,
  user: { id: number; name?: string } | undefined,
  keep: number,
): Promise<void> {
  const recordId = Number(before.id);
  await db
    .insertInto('revisions')
    .values({
      app_key: def.tenant ? String(before.app_key) : null,
      resource: def.resource,
      record_id: recordId,
      version: Number(before.version),
      snapshot: JSON.stringify(before),
      created_at: now(),
      user_id: user?.id ?? null,
      user_name: user?.name ?? null,
    })
    .execute();
  const old = await db
    .selectFrom('revisions')
    .select('id')
    .where('resource', '=', def.resource)
    .where('record_id', '=', recordId)
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (old.length > 0)
    await db
      .deleteFrom('revisions')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
}

export async function listRevisions(
  db: DB,
  resource: string,
  recordId: number,
  page: number,
  size: number,
): Promise<{ rows: Revision[]; total: number }> {
  const base = db.selectFrom('revisions').where('resource', '=', resource).where('record_id', '=', recordId);
  return pageOf(base, (q) => q.select(['id', 'version', 'created_at', 'user_id', 'user_name']).orderBy('id', 'desc'), {
    page,
    size,
  });
}

/** One earlier state of the record, or undefined when it has no such revision. */
export async function revisionSnapshot(db: DB, resource: string, recordId: number, revisionId: number): Promise<Row | undefined> {
  const row = await db
    .selectFrom('revisions')
    .select('snapshot')
    .where('id', '=', revisionId)
    .where('resource', '=', resource)
    .where('record_id', '=', recordId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.snapshot) as Row) : undefined;
}
