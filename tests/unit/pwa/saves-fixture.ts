/**
 * What the tests of staff saves share: the browser's Storage in memory, a query client with the
 * saves' defaults, the server's JSON answer, and a pause for a save's steps to run.
 */
import { QueryClient } from '@tanstack/react-query';
import { registerSaveDefaults } from '../../../src/client/pwa/entity-saves';

/** The browser's Storage, in memory. */
export class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (index: number) => [...this.items.keys()][index] ?? null;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
}

/** A query client as the app makes one for saves. */
export function saveClient(): QueryClient {
  const queryClient = new QueryClient();
  registerSaveDefaults(queryClient);
  return queryClient;
}

/** The server's answer: `body` as JSON with `status`. */
export const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Time for a save's requests and retries to run on timers of a few milliseconds. */
export const settle = (ms = 10) => new Promise((resolve) => setTimeout(resolve, ms));
