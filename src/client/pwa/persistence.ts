/**
 * What survives a reload in localStorage: successful public reads (query keys starting with
 * 'public') for 7 days, dropped by a new build, and staff saves not yet answered
 * (entity-saves.ts). Admin reads are never written to plain storage. Signing out takes the
 * person's waiting saves out of every stored copy (forgetPersistedSaves), so what is left on the
 * device is public and other people's held saves, which only their owners see and send.
 */
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { PersistQueryClientProviderProps } from '@tanstack/react-query-persist-client';
import type { DocumentLocale } from '../../shared/locales';
import { config } from '../config';
import { BUILD_ID } from './build-id';
import { shouldPersistMutation } from './entity-saves';
import { localStorageOrNone } from './local-storage';

export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const PERSIST_STORAGE_KEY = 'orgsite-query-cache';

/** The store of a document's locale: today's for the default one, and one more per other locale. */
const persistKey = (locale: DocumentLocale | undefined) =>
  locale?.path ? `${PERSIST_STORAGE_KEY}:${locale.locale}` : PERSIST_STORAGE_KEY;

/** Structural, like shouldPersistMutation: the persister's query-core copy has its own Query class. */
export const shouldPersistQuery = (query: { queryKey: readonly unknown[]; state: { status: string } }) =>
  query.queryKey[0] === 'public' && query.state.status === 'success';

export function createPersistOptions(storage = localStorageOrNone()): PersistQueryClientProviderProps['persistOptions'] {
  return {
    // Written as soon as the cache settles (the default waits a second): a visitor who opens a page
    // and leaves at once, or a staff member who saves offline and reloads, must find it stored.
    // One store per language: a document in Bangla restores Bangla answers (the keys name no locale).
    persister: createSyncStoragePersister({ storage, key: persistKey(config.locale), throttleTime: 0 }),
    maxAge: PERSIST_MAX_AGE_MS,
    buster: BUILD_ID,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: shouldPersistMutation },
  };
}

/** The persisted copies on this device: one per document language. */
const isPersistKey = (key: string) => key === PERSIST_STORAGE_KEY || key.startsWith(`${PERSIST_STORAGE_KEY}:`);

interface StoredCopy {
  clientState?: { mutations?: { state?: { variables?: { owner?: string } } }[] };
}

/**
 * Removes from every stored copy the saves `dropped` says go (by their owner): the in-memory
 * cache writes only its own document's copy, and not before the page settles.
 */
export function forgetPersistedSaves(dropped: (owner: string | undefined) => boolean, storage = localStorageOrNone()): void {
  if (!storage) return;
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
    (key): key is string => key !== null && isPersistKey(key),
  );
  for (const key of keys) {
    try {
      const copy = JSON.parse(storage.getItem(key) ?? 'null') as StoredCopy | null;
      const mutations = copy?.clientState?.mutations;
      if (!copy?.clientState || !Array.isArray(mutations)) continue;
      const kept = mutations.filter((mutation) => !dropped(mutation.state?.variables?.owner));
      if (kept.length === mutations.length) continue;
      storage.setItem(key, JSON.stringify({ ...copy, clientState: { ...copy.clientState, mutations: kept } }));
    } catch {
      // An unreadable copy holds nothing the persister would restore: it goes.
      storage.removeItem(key);
    }
  }
}
