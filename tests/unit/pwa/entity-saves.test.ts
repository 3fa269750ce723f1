/**
 * Staff saves: the request each save makes, when it counts as waiting for a connection, and the
 * whole offline round trip on real QueryClients: a save made offline pauses, is stored, and after
 * a "reload" (a new client hydrated from the stored state) reaches the server exactly once.
 */
import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/client/api/http';
import {
  isWaitingForConnection,
  resumeSaves,
  cancelSave,
  SAVE_ENTITY_KEY,
  type SaveEntityVariables,
  saveRequest,
  saveRetryDelay,
  saveScope,
  shouldPersistMutation,
  shouldRetrySave,
} from '../../../src/client/pwa/entity-saves';
import { startSave } from '../../../src/client/pwa/save-outbox';
import { jsonAnswer, saveClient, settle } from './saves-fixture';

/** Starts a save; resolves when it lands, rejects when refused, and records what it reported. */
function saveEntity(queryClient: QueryClient, variables: SaveEntityVariables, reports: string[] = []) {
  return new Promise((resolve, reject) =>
    startSave(queryClient, variables, {
      waiting: () => reports.push('waiting'),
      resumed: () => reports.push('resumed'),
      landed: resolve,
      failed: reject,
    }),
  );
}

const create = { resource: 'posts', body: { title: 'Offline news' }, idempotencyKey: 'key-1' };
const update = { resource: 'posts', id: '7', body: { title: 'Renamed' }, idempotencyKey: 'key-2' };

describe('saveRequest', () => {
  it('creates with POST and the idempotency key', () => {
    expect(saveRequest(create)).toEqual({
      path: 'posts',
      options: { method: 'POST', body: { title: 'Offline news' }, headers: { 'Idempotency-Key': 'key-1' } },
    });
  });
  it('updates with PUT on the encoded key', () => {
    expect(saveRequest({ ...update, id: 'a/b' })).toEqual({
      path: 'posts/a%2Fb',
      options: { method: 'PUT', body: { title: 'Renamed' } },
    });
  });
  it("keeps a draft with PUT on the record's draft", () => {
    expect(saveRequest({ ...update, intent: 'draft' })).toEqual({
      path: 'posts/7/draft',
      options: { method: 'PUT', body: { title: 'Renamed' } },
    });
    expect(saveRequest({ ...update, intent: 'publish' }).path).toBe('posts/7');
  });
  it('sends a review step or comment as a keyed POST on the record, in the record’s scope', () => {
    const approval = { ...update, body: { version: 3 }, review: 'approve' as const, seen: { title: 'As read' } };
    expect(saveRequest(approval)).toEqual({
      path: 'posts/7/review/approve',
      options: { method: 'POST', body: { version: 3 }, headers: { 'Idempotency-Key': 'key-2' } },
    });
    expect(saveRequest({ ...approval, review: 'comments', body: { body: 'Fine' } }).path).toBe('posts/7/review/comments');
    // After the record's own saves: a step never overtakes an edit made before it.
    expect(saveScope(approval)).toBe(saveScope(update));
  });
  it('puts saves of one record in one scope, so they run in order', () => {
    expect(saveScope(update)).toBe(saveScope({ ...update, idempotencyKey: 'other' }));
    expect(saveScope(create)).not.toBe(saveScope({ ...create, idempotencyKey: 'key-3' }));
  });
});

describe('retrying', () => {
  it('retries only requests that got no answer, with a growing pause up to 30 s', () => {
    expect(shouldRetrySave(5, new ApiError(0, 'offline'))).toBe(true);
    expect(shouldRetrySave(0, new ApiError(422, 'invalid'))).toBe(false);
    expect(shouldRetrySave(0, new ApiError(500, 'boom'))).toBe(false);
    expect([0, 1, 2, 5, 10].map(saveRetryDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });

  it('says waiting while paused, or while retrying after no answer', () => {
    const base = { status: 'pending', isPaused: false, failureCount: 0, failureReason: null };
    expect(isWaitingForConnection(base)).toBe(false);
    expect(isWaitingForConnection({ ...base, isPaused: true })).toBe(true);
    expect(isWaitingForConnection({ ...base, failureCount: 1, failureReason: new ApiError(0, 'x') })).toBe(true);
    expect(isWaitingForConnection({ ...base, failureCount: 1, failureReason: new ApiError(503, 'x') })).toBe(false);
    expect(isWaitingForConnection({ ...base, status: 'success', isPaused: true })).toBe(false);
  });
});

describe('persisting', () => {
  const mutation = (key: unknown[], status: string, isPaused = false) => ({
    options: { mutationKey: key },
    state: { status, isPaused },
  });
  it('stores saves the server has not answered, nothing else', () => {
    expect(shouldPersistMutation(mutation([...SAVE_ENTITY_KEY], 'pending', true))).toBe(true);
    expect(shouldPersistMutation(mutation([...SAVE_ENTITY_KEY], 'pending'))).toBe(true);
    expect(shouldPersistMutation(mutation([...SAVE_ENTITY_KEY], 'success'))).toBe(false);
    expect(shouldPersistMutation(mutation([...SAVE_ENTITY_KEY], 'error'))).toBe(false);
    expect(shouldPersistMutation(mutation(['login'], 'pending', true))).toBe(false);
  });
});

describe('a save across a lost connection', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const requests = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method,
      key: (init?.headers as Record<string, string>)['Idempotency-Key'],
    }));

  beforeEach(() => {
    vi.stubGlobal('window', {
      location: { origin: 'http://site.test' },
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    });
    // The signed-in person's session: what they save is theirs, sent with their token.
    const session: Record<string, string> = { auth_token: 'token-1', auth_owner: 'demo:1' };
    const storage = { getItem: (k: string) => session[k] ?? null };
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('sessionStorage', storage);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => jsonAnswer(201, { data: { id: 7, title: 'Offline news' } }));
  });
  afterEach(() => {
    onlineManager.setOnline(true);
    vi.unstubAllGlobals();
  });

  it('pauses offline, says so, and is sent once when the connection is back', async () => {
    const queryClient = saveClient();
    queryClient.mount();
    onlineManager.setOnline(false);
    const reports: string[] = [];
    const saved = saveEntity(queryClient, create, reports);
    await settle();
    expect(reports).toEqual(['waiting']);
    expect(fetchMock).not.toHaveBeenCalled();

    onlineManager.setOnline(true);
    await expect(saved).resolves.toEqual({ id: 7, title: 'Offline news' });
    expect(reports).toEqual(['waiting', 'resumed']);
    expect(requests()).toEqual([{ url: '/cms/api/posts', method: 'POST', key: 'key-1' }]);
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    queryClient.unmount();
  });

  it('survives a reload: the stored save runs in the next page, exactly once', async () => {
    onlineManager.setOnline(false);
    const before = saveClient();
    void saveEntity(before, create);
    await settle();
    const stored = JSON.parse(JSON.stringify(dehydrate(before, { shouldDehydrateMutation: shouldPersistMutation })));
    expect(stored.mutations).toHaveLength(1);

    const after = saveClient();
    hydrate(after, stored);
    onlineManager.setOnline(true);
    resumeSaves(after);
    await vi.waitFor(() => expect(after.getMutationCache().getAll()[0]!.state.status).toBe('success'));
    expect(requests()).toEqual([{ url: '/cms/api/posts', method: 'POST', key: 'key-1' }]);
  });

  it('sends again a save that was in flight when the page went away', async () => {
    fetchMock.mockImplementationOnce(() => new Promise<Response>(() => undefined));
    const before = saveClient();
    void saveEntity(before, update);
    await settle();
    const stored = JSON.parse(JSON.stringify(dehydrate(before, { shouldDehydrateMutation: shouldPersistMutation })));
    expect(stored.mutations[0].state).toMatchObject({ status: 'pending', isPaused: false });

    const after = saveClient();
    hydrate(after, stored);
    resumeSaves(after);
    await vi.waitFor(() => expect(after.getMutationCache().getAll()[0]!.state.status).toBe('success'));
    expect(requests()).toEqual([
      { url: '/cms/api/posts/7', method: 'PUT', key: undefined },
      { url: '/cms/api/posts/7', method: 'PUT', key: undefined },
    ]);
  });

  it('a cancelled save is never sent, nor kept for after a reload', async () => {
    const queryClient = saveClient();
    queryClient.mount();
    onlineManager.setOnline(false);
    const reports: string[] = [];
    void saveEntity(queryClient, { ...create, idempotencyKey: 'key-cancel' }, reports);
    await settle();
    expect(reports).toEqual(['waiting']);
    cancelSave(queryClient, 'key-cancel');
    expect(dehydrate(queryClient, { shouldDehydrateMutation: shouldPersistMutation }).mutations).toEqual([]);
    onlineManager.setOnline(true);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    queryClient.unmount();
  });

  it('a save cancelled between retries stops at its next attempt', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation(async () => {
        throw new TypeError('Failed to fetch');
      });
      const queryClient = saveClient();
      const reports: string[] = [];
      const outcome = saveEntity(queryClient, { ...create, idempotencyKey: 'key-retry' }, reports).then(
        () => 'landed',
        (error: Error) => error.message,
      );
      await vi.advanceTimersByTimeAsync(10);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(reports).toEqual(['waiting']);
      cancelSave(queryClient, 'key-retry');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(await outcome).toBe('Saving was cancelled');
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands the server’s refusal to the caller without retrying', async () => {
    fetchMock.mockImplementation(async () => jsonAnswer(422, { message: 'Invalid', errors: { title: 'Required' } }));
    const rejected = saveEntity(saveClient(), create);
    await expect(rejected).rejects.toMatchObject({ status: 422, errors: { title: 'Required' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
