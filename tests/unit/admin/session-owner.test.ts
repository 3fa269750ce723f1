/**
 * Queued work on a shared computer (#53 L8): every saved edit, upload and kept conflict is its
 * owner's, sent only with that person's session, held (not sent, not shown) under anyone else's,
 * and discarded when its owner signs out. Real QueryClients and the real session storage code,
 * over in-memory browser storage; only the network (fetch) is a stub.
 */
import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextToSend, type QueuedUpload } from '../../../src/client/admin/media/upload-queue';
import {
  currentOwner,
  discardedWith,
  maySend,
  ownerKey,
  unsentCount,
  whenSignedInAs,
} from '../../../src/client/admin/session/session-owner';
import { signIn, signOut } from '../../../src/client/admin/session/session-store';
import {
  conflictedEdits,
  discardConflictedEditsOf,
  keepConflictedEdit,
  takeConflictedEdit,
} from '../../../src/client/pwa/conflicted-edits';
import { discardSavesOf, resumeSaves, shouldPersistMutation, waitingSaves } from '../../../src/client/pwa/entity-saves';
import { startSave } from '../../../src/client/pwa/save-outbox';
import { MemoryStorage, saveClient, settle as settled } from '../pwa/saves-fixture';
import { forgetPersistedSaves, PERSIST_STORAGE_KEY } from '../../../src/client/pwa/persistence';

const A = ownerKey(2, 'demo');
const B = ownerKey(3, 'demo');
let local: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('window', {
    location: { origin: 'http://site.test' },
    localStorage: local,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
});
afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

describe('owners', () => {
  it('names one person on one site', () => {
    expect(ownerKey(2, 'demo')).toBe('demo:2');
    expect(ownerKey(2, 'other')).not.toBe(ownerKey(2, 'demo'));
  });

  it('sends an item only with its own person’s session', () => {
    expect(maySend(A, A)).toBe(true);
    expect(maySend(A, B)).toBe(false);
    expect(maySend(A, null)).toBe(false);
    // Queued before owners were kept: nobody's session may send it.
    expect(maySend(undefined, A)).toBe(false);
    expect(maySend(null, null)).toBe(false);
  });

  it('signing out discards one’s own items and ownerless ones, never another person’s', () => {
    expect(discardedWith(A, A)).toBe(true);
    expect(discardedWith(undefined, A)).toBe(true);
    expect(discardedWith(B, A)).toBe(false);
  });

  it('counts the signed-in person’s unsent saves and unfinished uploads only', () => {
    const saves = [{ owner: A }, { owner: B }, {}];
    const uploads = [
      { owner: A, state: 'waiting' },
      { owner: A, state: 'done' },
      { owner: A, state: 'failed' },
      { owner: B, state: 'waiting' },
    ];
    expect(unsentCount(saves, uploads, A)).toBe(3);
    expect(unsentCount(saves, uploads, B)).toBe(2);
    expect(unsentCount(saves, uploads, null)).toBe(0);
  });

  it('keeps the owner with the session, and forgets both on sign-out', () => {
    signIn('token-a', false, A);
    expect(currentOwner()).toBe(A);
    signOut();
    expect(currentOwner()).toBeNull();
    signIn('token-b', true, B);
    expect(currentOwner()).toBe(B);
    // An owner left behind without its token names no session.
    local.removeItem('auth_token');
    expect(currentOwner()).toBeNull();
  });

  it('waits for the owner’s own sign-in, not anyone’s', async () => {
    signIn('token-b', true, B);
    let signedInAsA = false;
    void whenSignedInAs(A).then(() => (signedInAsA = true));
    await Promise.resolve();
    expect(signedInAsA).toBe(false);
    signOut();
    signIn('token-c', true, ownerKey(4, 'demo'));
    await Promise.resolve();
    expect(signedInAsA).toBe(false);
    signIn('token-a2', true, A);
    await vi.waitFor(() => expect(signedInAsA).toBe(true));
  });
});

describe('saves held for their owner', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const sentWith = () =>
    fetchMock.mock.calls.map(([url, init]) => ({
      url,
      authorization: (init?.headers as Record<string, string>).Authorization,
    }));
  const settle = () => settled(20);
  const save = (queryClient: QueryClient, idempotencyKey: string) =>
    startSave(
      queryClient,
      { resource: 'posts', body: { title: `Offline ${idempotencyKey}` }, idempotencyKey },
      { waiting: () => undefined, resumed: () => undefined, landed: () => undefined, failed: () => undefined },
    );

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ data: { id: 9 } }), { status: 201, headers: { 'content-type': 'application/json' } }),
    );
  });

  it('remembers who made it', async () => {
    signIn('token-a', true, A);
    const queryClient = saveClient();
    onlineManager.setOnline(false);
    save(queryClient, 'mine');
    await settle();
    expect(waitingSaves(queryClient).map((s) => s.owner)).toEqual([A]);
  });

  it('a save made before the session ended is never sent with the next person’s token, and lands with its owner’s', async () => {
    signIn('token-a', true, A);
    const queryClient = saveClient();
    queryClient.mount();
    onlineManager.setOnline(false);
    save(queryClient, 'held');
    await settle();
    // A's session ends without signing out (it expired); B signs in on the same page, online.
    signOut();
    signIn('token-b', true, B);
    onlineManager.setOnline(true);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(waitingSaves(queryClient)).toHaveLength(1);

    signOut();
    signIn('token-a-again', true, A);
    await vi.waitFor(() => expect(waitingSaves(queryClient)).toHaveLength(0));
    expect(sentWith()).toEqual([{ url: '/cms/api/posts', authorization: 'Bearer token-a-again' }]);
    queryClient.unmount();
  });

  it('after a reload under someone else’s session, a stored save stays held, and stored', async () => {
    signIn('token-a', true, A);
    onlineManager.setOnline(false);
    const before = saveClient();
    save(before, 'reloaded');
    await settle();
    const stored = JSON.parse(JSON.stringify(dehydrate(before, { shouldDehydrateMutation: shouldPersistMutation })));

    signOut();
    signIn('token-b', true, B);
    onlineManager.setOnline(true);
    const after = saveClient();
    hydrate(after, stored);
    resumeSaves(after);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    // Still kept for A (a reload writes it again): nothing typed is lost.
    expect(dehydrate(after, { shouldDehydrateMutation: shouldPersistMutation }).mutations).toHaveLength(1);
  });

  it('signing out discards the person’s own waiting saves, not another’s held ones', async () => {
    const queryClient = saveClient();
    queryClient.mount();
    onlineManager.setOnline(false);
    signIn('token-a', true, A);
    save(queryClient, 'a-1');
    signOut();
    signIn('token-b', true, B);
    save(queryClient, 'b-1');
    await settle();
    discardSavesOf(queryClient, B);
    expect(waitingSaves(queryClient).map((s) => s.idempotencyKey)).toEqual(['a-1']);
    signOut();
    onlineManager.setOnline(true);
    signIn('token-b2', true, B);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    queryClient.unmount();
  });
});

describe('stored copies of the cache', () => {
  const copy = (owners: (string | undefined)[]) =>
    JSON.stringify({
      buster: 'x',
      timestamp: 1,
      clientState: {
        queries: [{ queryKey: ['public', 'menus'] }],
        mutations: owners.map((owner, index) => ({ state: { variables: { idempotencyKey: `k${index}`, owner } } })),
      },
    });
  const ownersIn = (key: string) =>
    (
      JSON.parse(local.getItem(key)!) as { clientState: { mutations: { state: { variables: { owner?: string } } }[] } }
    ).clientState.mutations.map((m) => m.state.variables.owner ?? null);

  it('signing out takes the person’s saves out of every language’s copy, and keeps the public reads', () => {
    local.setItem(PERSIST_STORAGE_KEY, copy([A, B, undefined]));
    local.setItem(`${PERSIST_STORAGE_KEY}:bn`, copy([A]));
    local.setItem('unrelated', copy([A]));
    forgetPersistedSaves((owner) => discardedWith(owner, A), local as unknown as Storage);
    expect(ownersIn(PERSIST_STORAGE_KEY)).toEqual([B]);
    expect(ownersIn(`${PERSIST_STORAGE_KEY}:bn`)).toEqual([]);
    expect(ownersIn('unrelated')).toEqual([A]);
    expect(JSON.parse(local.getItem(PERSIST_STORAGE_KEY)!).clientState.queries).toHaveLength(1);
  });
});

describe('uploads', () => {
  const upload = (id: string, owner: string | undefined, state: QueuedUpload['state'] = 'waiting'): QueuedUpload => ({
    id,
    owner,
    state,
    appKey: 'demo',
    name: `${id}.jpg`,
    blob: new Blob(['x']),
    originalSize: 1,
    size: 1,
    sent: 0,
    createdAt: 0,
  });

  it('the next upload sent is the oldest waiting one of the signed-in person', () => {
    const queue = [upload('a', A), upload('b-done', B, 'paused'), upload('b', B), upload('old', undefined)];
    expect(nextToSend(queue, B)?.id).toBe('b');
    expect(nextToSend(queue, A)?.id).toBe('a');
    expect(nextToSend(queue, null)).toBeUndefined();
    expect(nextToSend(queue, ownerKey(9, 'demo'))).toBeUndefined();
  });
});

describe('kept conflicts', () => {
  it('are shown and handed only to their owner, and go when they sign out', () => {
    signIn('token-a', true, A);
    keepConflictedEdit({ resource: 'posts', id: '7', body: { title: 'A’s' }, owner: A });
    signOut();
    signIn('token-b', true, B);
    keepConflictedEdit({ resource: 'posts', id: '7', body: { title: 'B’s' }, owner: B });
    expect(conflictedEdits().map((edit) => edit.body.title)).toEqual(['B’s']);
    discardConflictedEditsOf(B);
    expect(takeConflictedEdit('posts', '7')).toBeUndefined();
    signOut();
    signIn('token-a', true, A);
    expect(takeConflictedEdit('posts', '7')?.body).toEqual({ title: 'A’s' });
  });
});
