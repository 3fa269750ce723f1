/**
 * The outbox of staff saves run through its statechart (machines/save-outbox.ts) on real
 * QueryClients, the network being a stubbed fetch: the states each save goes through as the
 * flow inspector receives them, a conflicting edit kept on the device before its form hears of
 * it, a save restored after a reload followed again, and a cancelled one.
 */
import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import type { InspectionEvent } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startInspector } from '../../../src/client/inspect';
import { conflictedEdits } from '../../../src/client/pwa/conflicted-edits';
import { cancelSave, resumeSaves, type SaveEntityVariables, shouldPersistMutation } from '../../../src/client/pwa/entity-saves';
import { followRestoredSave, startSave } from '../../../src/client/pwa/save-outbox';
import { jsonAnswer, MemoryStorage, saveClient, settle } from './saves-fixture';

const fetchMock = vi.fn<typeof fetch>();

/** Each outbox run's states, in order, as the inspector is handed them. */
let runs: Map<string, unknown[]>;
const record = (inspection: InspectionEvent) => {
  if (inspection.type !== '@xstate.snapshot') return;
  const actor = inspection.actorRef as unknown as { sessionId: string; logic: { id?: string } };
  if (actor.logic.id !== 'saveOutbox') return;
  const states = runs.get(actor.sessionId) ?? [];
  runs.set(actor.sessionId, [...states, (inspection.snapshot as unknown as { value: unknown }).value]);
};

/** Starts a save and records what its form is told. */
function save(queryClient: QueryClient, variables: SaveEntityVariables, told: string[]) {
  return startSave(queryClient, variables, {
    waiting: () => told.push('waiting'),
    resumed: () => told.push('resumed'),
    landed: () => told.push('landed'),
    failed: (error) => told.push(`failed: ${(error as Error).message}; kept ${conflictedEdits().length}`),
  });
}

const update = { resource: 'posts', id: '7', body: { title: 'Mine' }, idempotencyKey: 'key-u' };
const create = { resource: 'posts', body: { title: 'New' }, idempotencyKey: 'key-c' };
const theirs = { message: 'Someone saved it first.', current: { id: 7, title: 'Theirs', version: 3 } };

beforeEach(async () => {
  const local = new MemoryStorage();
  // The signed-in person's session: what they save is theirs, sent with their token.
  local.setItem('auth_token', 'token-1');
  local.setItem('auth_owner', 'demo:1');
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', local);
  vi.stubGlobal('window', {
    location: { origin: 'http://site.test', search: '' },
    localStorage: local,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonAnswer(200, { data: { id: 7, title: 'Mine' } }));
  runs = new Map();
  await startInspector(record);
});
afterEach(async () => {
  onlineManager.setOnline(true);
  await startInspector();
  vi.unstubAllGlobals();
});

describe('the save outbox', () => {
  it('shows a save made offline waiting, then sent and landed once the connection is back', async () => {
    const queryClient = saveClient();
    queryClient.mount();
    onlineManager.setOnline(false);
    const told: string[] = [];
    save(queryClient, update, told);
    await settle();
    expect([...runs.values()]).toEqual([[{ outgoing: 'queued' }, { outgoing: 'waitingForConnection' }]]);

    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(told).toEqual(['waiting', 'resumed', 'landed']));
    expect([...runs.values()]).toEqual([
      [{ outgoing: 'queued' }, { outgoing: 'waitingForConnection' }, { outgoing: 'sending' }, 'landed'],
    ]);
    queryClient.unmount();
  });

  it('keeps an edit someone else’s save overtook before its form hears of it; a new record has nothing to keep', async () => {
    fetchMock.mockImplementation(async () => jsonAnswer(409, theirs));
    const told: string[] = [];
    save(saveClient(), update, told);
    await vi.waitFor(() => expect(told).toEqual(['failed: Someone saved it first.; kept 1']));
    expect(conflictedEdits()).toMatchObject([{ resource: 'posts', id: '7', body: { title: 'Mine' }, owner: 'demo:1' }]);

    save(saveClient(), create, told);
    await vi.waitFor(() => expect(told).toHaveLength(2));
    expect(told[1]).toBe('failed: Someone saved it first.; kept 1');
    const ends = [...runs.values()].map((states) => states.at(-1));
    expect(ends).toEqual(['conflictKept', 'refused']);
  });

  it('follows a save restored after a reload to its end, keeping its conflict for the form', async () => {
    onlineManager.setOnline(false);
    const before = saveClient();
    save(before, update, []);
    await settle();
    const stored = JSON.parse(JSON.stringify(dehydrate(before, { shouldDehydrateMutation: shouldPersistMutation })));

    fetchMock.mockImplementation(async () => jsonAnswer(409, theirs));
    runs.clear();
    const after = saveClient();
    hydrate(after, stored);
    onlineManager.setOnline(true);
    for (const mutation of resumeSaves(after)) followRestoredSave(after, mutation);
    await vi.waitFor(() => expect([...runs.values()].map((states) => states.at(-1))).toEqual(['conflictKept']));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(conflictedEdits()).toMatchObject([{ resource: 'posts', id: '7', body: { title: 'Mine' } }]);
  });

  it('shows a save cancelled while it waits as cancelled, and never sends it', async () => {
    const queryClient = saveClient();
    queryClient.mount();
    onlineManager.setOnline(false);
    save(queryClient, { ...create, idempotencyKey: 'key-cancel' }, []);
    await settle();
    cancelSave(queryClient, 'key-cancel');
    onlineManager.setOnline(true);
    await settle();
    expect([...runs.values()]).toEqual([
      [{ outgoing: 'queued' }, { outgoing: 'waitingForConnection' }, { outgoing: 'cancelled' }],
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
    queryClient.unmount();
  });
});
