/**
 * Query options for every public read (spec §7.1). Keys are hierarchical, ['public', resource, …],
 * so a whole resource can be invalidated at once. Each factory unwraps its envelope, so screens
 * receive the records themselves: lists arrive in data.data.data, single items in data.data.
 */
import { queryOptions, type EnsureQueryDataOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { ItemEnvelope, ListEnvelope, Paged } from '../../../shared/envelope';
import { LIMITS } from '../../../shared/limits';
import { SEARCH_READ } from '../../../shared/address-space';
import { SAVED_SEARCH_AFTER_MS, type SearchAnswer, type SearchResults } from '../../../shared/site-search';
import { ApiError, connectionOf, publicApi } from '../../api/http';
import type {
  BuiltFormRecord,
  Career,
  GalleryItem,
  MenuItem,
  Page,
  Post,
  PostCategory,
  Section,
  SiteInfo,
  Slider,
  Social,
} from './types';

/** What a query function is given: the query client it runs in, whose connection it reads through (api/http.ts). */
type Reader = { client: QueryClient };

const list = async <T>({ client }: Reader, path: string, query?: Record<string, number | string>): Promise<T[]> =>
  (await publicApi<ListEnvelope<T>>(path, { query, client })).data.data;

const item = async <T>({ client }: Reader, path: string, query?: Record<string, string>): Promise<T> =>
  (await publicApi<ItemEnvelope<T>>(path, { query, client })).data;

/** A preview link's token as a query (content/preview-links.ts on the server); none for a plain read. */
const previewQuery = (preview?: string) => (preview ? { preview } : undefined);

export const siteInfoQuery = () =>
  queryOptions({
    // One site per document (and per server render): its key is the connection's.
    queryKey: ['public', 'applications'],
    queryFn: (reader) => item<SiteInfo>(reader, `applications/${encodeURIComponent(connectionOf(reader.client).appKey)}`),
    staleTime: 5 * 60_000,
  });

export const menusQuery = () =>
  queryOptions({
    queryKey: ['public', 'menus'],
    queryFn: async ({ client }) => (await publicApi<{ data: MenuItem[] }>('menus', { client })).data,
    staleTime: 5 * 60_000,
  });

export const slidersQuery = (preview?: string) =>
  queryOptions({
    queryKey: preview ? ['public', 'sliders', { preview }] : ['public', 'sliders'],
    // The API already filters by status; the client repeats the rule of §3 so a server that does
    // not (the contract allows other servers) still never shows an inactive slide. A preview
    // shows the slide it was made for, whatever its status.
    queryFn: async (reader) =>
      preview
        ? await list<Slider>(reader, 'sliders', { preview })
        : (await list<Slider>(reader, 'sliders')).filter((slide) => slide.status === 1),
  });

export const topSectionsQuery = () =>
  queryOptions({
    queryKey: ['public', 'sections', { is_top: 1 }],
    queryFn: (reader) => list<Section>(reader, 'sections', { is_top: 1 }),
  });

export const latestPostsQuery = () =>
  queryOptions({
    queryKey: ['public', 'posts', 'list', { page: 1, size: LIMITS.homeNewsPageSize }],
    queryFn: (reader) => list<Post>(reader, 'posts', { page: 1, size: LIMITS.homeNewsPageSize }),
  });

/** The /news listing reads whole pages with their page count. */
export const NEWS_PAGE_SIZE = 9;
export const postsPageQuery = (page: number, category?: number) =>
  queryOptions({
    queryKey: ['public', 'posts', 'list', { page, size: NEWS_PAGE_SIZE, ...(category ? { category } : {}) }],
    queryFn: async ({ client }): Promise<Paged<Post>> =>
      (
        await publicApi<ListEnvelope<Post>>('posts', {
          query: { page, size: NEWS_PAGE_SIZE, ...(category ? { category_id: category } : {}) },
          client,
        })
      ).data,
  });

/**
 * A page of what the site's search finds for `q` (never kept by the server: anyone's words). In the
 * browser, when the server cannot be reached, fails, or has not answered in SAVED_SEARCH_AFTER_MS,
 * the answer comes from the index saved on the device (search/saved-search.ts, loaded only then),
 * marked `saved`; its own failures leave the server's answer to decide. Not retried: the saved copy
 * is the retry, and a visitor offline is not kept waiting.
 */
export const searchResultsQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: ['public', 'search', { q, page }],
    queryFn: async ({ client }): Promise<SearchResults> => {
      const read = publicApi<{ data: SearchAnswer }>(SEARCH_READ, { query: { q, ...(page > 1 ? { page } : {}) }, client });
      if (typeof window === 'undefined') return (await read).data;
      const locale = connectionOf(client).locale?.locale ?? document.documentElement.lang;
      const saved = () => import('../search/saved-search').then((module) => module.searchSavedCopy(q, page, locale));
      return answerOrSavedCopy(read, saved);
    },
    retry: false,
  });

/** The server's answer, unless it fails for want of a server or is late: then the saved copy's, if it has one. */
async function answerOrSavedCopy(read: Promise<{ data: SearchAnswer }>, saved: () => Promise<SearchResults>) {
  // Answered by the saved copy, the server's late failure is nobody's to hear.
  read.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), SAVED_SEARCH_AFTER_MS)));
  const first = await Promise.race([read.then((answer) => answer.data), late]).catch((error: unknown) => {
    // A refusal (the words asked) is the server's to say; only a missing or failing server is replaced.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
    return 'failed' as const;
  });
  clearTimeout(timer);
  if (first !== 'late' && first !== 'failed') return first;
  try {
    return await saved();
  } catch {
    return (await read).data;
  }
}

/** The post categories, for the news page's filter. */
export const postCategoriesQuery = () =>
  queryOptions({
    queryKey: ['public', 'post-categories'],
    queryFn: async ({ client }) => (await publicApi<{ data: PostCategory[] }>('post-categories', { client })).data,
    staleTime: 5 * 60_000,
  });

/** One record of a public entity by its slug (a news post at /news/{slug}: routes/_site/$collection/$slug.tsx). */
export const recordQuery = <T>(resource: string, slug: string, preview?: string) =>
  queryOptions({
    queryKey: preview ? ['public', resource, 'item', slug, { preview }] : ['public', resource, 'item', slug],
    queryFn: (reader) => item<T>(reader, `${resource}/${encodeURIComponent(slug)}`, previewQuery(preview)),
  });

export const pageQuery = (slug: string, preview?: string) =>
  queryOptions({
    queryKey: preview ? ['public', 'pages', slug, { preview }] : ['public', 'pages', slug],
    queryFn: (reader) => item<Page>(reader, `pages/${encodeURIComponent(slug)}`, previewQuery(preview)),
  });

export const galleryQuery = () =>
  queryOptions({
    queryKey: ['public', 'gallery'],
    queryFn: (reader) => list<GalleryItem>(reader, 'gallery'),
  });

export const socialsQuery = () =>
  queryOptions({
    queryKey: ['public', 'socials'],
    queryFn: (reader) => list<Social>(reader, 'socials'),
    staleTime: 5 * 60_000,
  });

/** The forms visitors may send, every one: a `form` section picks its own by id. */
export const formsQuery = () =>
  queryOptions({
    queryKey: ['public', 'forms'],
    queryFn: (reader) => list<BuiltFormRecord>(reader, 'forms', { size: LIMITS.maxPageSize }),
  });

export const careersQuery = () =>
  queryOptions({
    queryKey: ['public', 'careers'],
    queryFn: (reader) => list<Career>(reader, 'careers'),
  });

/**
 * For loaders of routes named by a slug: an API 404 becomes the router's not-found screen instead
 * of an error screen, so an unknown slug reads 'Page Not Found 404'.
 */
export async function ensureOrNotFound<T, K extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<T, Error, T, K>,
): Promise<T> {
  try {
    return await queryClient.ensureQueryData(options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound();
    throw error;
  }
}
