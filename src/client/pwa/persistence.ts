/**
 * What survives a reload in localStorage: successful public reads (query keys starting with
 * 'public') for 7 days, dropped by a new build, and staff saves not yet answered
 * (entity-saves.ts). Admin reads are never written to plain storage.
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
