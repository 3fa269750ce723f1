/** Deleting records. Saves go through the persisted, pausable path of src/client/pwa/entity-saves.ts. */
import type { AdminEntity } from '../admin-entities';
import { adminCall } from './admin-call';

export async function deleteRecord(entity: AdminEntity, key: string): Promise<void> {
  await adminCall(`${entity.def.resource}/${encodeURIComponent(key)}`, { method: 'DELETE' });
}
