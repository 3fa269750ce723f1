/** The dashboard's, media picker's and own account's reads. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ItemEnvelope } from '../../../shared/envelope';
import { config } from '../../config';
import { adminCall } from './admin-call';
import type { Row } from './entity-queries';
import { apiPath } from '../../api/http';

export interface AppReport {
  total_page: number;
  total_section: number;
  total_widget: number;
  total_post_category: number;
  total_post: number;
}

export const adminKeys = {
  report: ['admin', 'app-report'] as const,
  files: ['admin', 'files'] as const,
  me: ['admin', 'me'] as const,
};

export const appReportQuery = queryOptions({
  queryKey: adminKeys.report,
  queryFn: ({ signal }) => adminCall<ItemEnvelope<AppReport>>('app-report', { signal }).then((r) => r.data),
  meta: { failureTitle: 'Loading the report counts failed' },
});

/** The site this panel manages: its application row, by the configured app key. */
export const currentAppQuery = queryOptions({
  queryKey: ['entities', 'applications', 'record', config.appKey] as const,
  queryFn: ({ signal }) => adminCall<ItemEnvelope<Row>>(apiPath`applications/${config.appKey}`, { signal }).then((r) => r.data),
  meta: { failureTitle: 'Loading the site information failed' },
});

/** An uploaded file as the media library lists it (newest first). */
export interface MediaFile {
  url: string;
  name: string;
  original_name: string | null;
  mime: string | null;
  size: number | null;
  /** Offered wherever the file is inserted. */
  alt: string | null;
  caption: string | null;
  folder: string | null;
  /** The focal point, 0..1 from the left and from the top. */
  focal_x: number | null;
  focal_y: number | null;
  created_at: string;
}

export const filesQuery = queryOptions({
  queryKey: adminKeys.files,
  queryFn: ({ signal }) => adminCall<{ files: MediaFile[] }>('files', { signal }).then((r) => r.files),
  meta: { failureTitle: 'Loading the media files failed' },
});

export const meQuery = queryOptions({
  queryKey: adminKeys.me,
  queryFn: ({ signal }) => adminCall<ItemEnvelope<Row & { mail?: boolean }>>('me', { signal }).then((r) => r.data),
  staleTime: Infinity,
  // Screens mount and unmount as the rights become known; a failed read (offline) is tried again
  // when the connection returns, not each time one of them mounts.
  retryOnMount: false,
  meta: { failureTitle: 'Loading your account failed' },
});

/** Whether the server sends mail (undefined until the account is read). */
export function useServerSendsMail(): boolean | undefined {
  const me = useQuery(meQuery);
  return me.data === undefined ? undefined : me.data.mail === true;
}
