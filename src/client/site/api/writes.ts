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
  publicApi<ItemEnvelope<{ email: string }>>('subscribers', {
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

/** A random key for Idempotency-Key; randomUUID needs a secure context, getRandomValues does not. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
