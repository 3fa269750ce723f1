/** Deleting and restoring records. Saves go through the persisted, pausable path of src/client/pwa/entity-saves.ts. */
import type { AdminEntity } from '../admin-entities';
import { adminCall } from './admin-call';
import { apiPath } from '../../api/http';
import { saveFile } from '../save-file';

const recordPath = (entity: AdminEntity, key: string) => apiPath`${entity.def.resource}/${key}`;

/** Moves a record to the Trash (site content), or erases it (`permanent`, and users and sites). */
export async function deleteRecord(entity: AdminEntity, key: string, permanent = false): Promise<void> {
  await adminCall(recordPath(entity, key), { method: 'DELETE', query: permanent ? { permanent: 1 } : undefined });
}

/** Brings a record back from the Trash. */
export async function restoreRecord(entity: AdminEntity, key: string): Promise<void> {
  await adminCall(`${recordPath(entity, key)}/restore`, { method: 'POST' });
}

/** Downloads every row of an exportable entity (subscribers, messages) as a CSV file. */
export async function downloadCsv(entity: AdminEntity): Promise<void> {
  await downloadCsvFrom(`${entity.def.resource}/export.csv`, entity.def.resource);
}

/** Saves the CSV an admin API path answers as `<name>-<date>.csv` (the redirects' export too). */
export async function downloadCsvFrom(path: string, name: string): Promise<void> {
  const csv = await adminCall<string>(path, { as: 'text' });
  saveFile(csv, 'text/csv;charset=utf-8', `${name}-${new Date().toISOString().slice(0, 10)}.csv`);
}
