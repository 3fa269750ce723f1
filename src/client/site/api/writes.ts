/**
 * The two writes a visitor can make (DESIGN.md "public writes"). Each call carries an
 * Idempotency-Key so a retried submit (double click, flaky network) stores one record, not two.
 */
import type { ItemEnvelope } from '../../../shared/envelope';
import { publicApi } from '../../api/http';

export interface SubscribeInput {
  name?: string;
  email: string;
}

export interface MessageInput {
  name: string;
  email: string;
  message: string;
}

export const subscribe = (input: SubscribeInput, idempotencyKey: string) =>
  publicApi<ItemEnvelope<{ id: number }>>('subscribers', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const sendMessage = (input: MessageInput, idempotencyKey: string) =>
  publicApi<ItemEnvelope<{ id: number }>>('messages', {
    method: 'POST',
    body: input,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
