/**
 * The reads of form entries the back-office shares (issue 60): one form's page of entries with its
 * new count, and the count of new entries of every form. Apart from the screen, so the dashboard
 * and a form's edit screen count them without loading it.
 */
import { queryOptions } from '@tanstack/react-query';
import type { ListEnvelope } from '../../../shared/envelope';
import { adminCall } from '../api/admin-call';
import { entityKeys } from '../api/entity-queries';
import { apiPath } from '../../api/http';
import type { EntriesSearch } from './entries-search';

export interface Entry {
  id: number;
  form_id: number;
  career_id: number | null;
  email: string | null;
  summary: string | null;
  read_at: string | null;
  created_at: string;
}

type EntriesPage = ListEnvelope<Entry> & { unread: number };

// Under the entries' own key: marking one read or unread, or erasing one, refreshes these too.
export const entriesQuery = (formId: number, search: EntriesSearch) =>
  queryOptions({
    queryKey: [...entityKeys.all('form-entries'), 'of-form', formId, search] as const,
    queryFn: ({ signal }) =>
      adminCall<{ data: EntriesPage['data']; unread: number }>(apiPath`forms/${formId}/entries`, {
        signal,
        query: {
          page: search.page,
          size: search.size,
          from: search.from,
          to: search.to,
          read: search.read,
          search_key: search.search,
        },
      }),
    meta: { failureTitle: 'Loading the form’s entries failed' },
  });

/** How many entries of every form nobody has opened yet (the dashboard's). */
export const newEntriesQuery = queryOptions({
  queryKey: [...entityKeys.all('form-entries'), 'unread-count'] as const,
  queryFn: ({ signal }) =>
    adminCall<{ data: { count: number } }>('form-entries/unread-count', { signal }).then((r) => r.data.count),
  refetchInterval: 60_000,
  meta: { failureTitle: 'Counting new form entries failed' },
});
