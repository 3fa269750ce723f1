/**
 * Writing records. `saveRecord` is the single save path of every form (issue 5 swaps it for a
 * persisted, pausable mutation): POST without a key, PUT with one. A create carries an
 * Idempotency-Key so a retried POST returns the first record instead of making a second.
 */
import type { ItemEnvelope } from '../../../shared/envelope';
import type { AdminEntity } from '../admin-entities';
import { adminCall } from './admin-call';
import type { Row } from './entity-queries';

export interface SaveRequest {
  key: string | undefined;
  payload: Row;
  idempotencyKey: string;
}

export async function saveRecord(entity: AdminEntity, request: SaveRequest): Promise<Row> {
  const { resource } = entity.def;
  const response =
    request.key === undefined
      ? await adminCall<ItemEnvelope<Row>>(resource, {
          method: 'POST',
          body: request.payload,
          headers: { 'Idempotency-Key': request.idempotencyKey },
        })
      : await adminCall<ItemEnvelope<Row>>(`${resource}/${encodeURIComponent(request.key)}`, {
          method: 'PUT',
          body: request.payload,
        });
  return response.data;
}

export async function deleteRecord(entity: AdminEntity, key: string): Promise<void> {
  await adminCall(`${entity.def.resource}/${encodeURIComponent(key)}`, { method: 'DELETE' });
}
