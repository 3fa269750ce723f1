/** Deleting and restoring records. Saves go through the persisted, pausable path of src/client/pwa/entity-saves.ts. */
import type { AdminEntity } from '../admin-entities';
import { adminCall } from './admin-call';

const recordPath = (entity: AdminEntity, key: string) => `${entity.def.resource}/${encodeURIComponent(key)}`;

/** Moves a record to the Trash (site content), or erases it (`permanent`, and users and sites). */
export async function deleteRecord(entity: AdminEntity, key: string, permanent = false): Promise<void> {
  await adminCall(recordPath(entity, key), { method: 'DELETE', query: permanent ? { permanent: 1 } : undefined });
}

/** Brings a record back from the Trash. */
export async function restoreRecord(entity: AdminEntity, key: string): Promise<void> {
  await adminCall(`${recordPath(entity, key)}/restore`, { method: 'POST' });
}
