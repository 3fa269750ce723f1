/**
 * Search params of the site's search page (`/search`, `/bn/search`): `?q=`, the words asked, and
 * `?page=`, a whole number from 2 (the first page has none). Hand-written rather than zod, as the
 * news listing's are (news-search.ts): they ship in the entry bundle every visitor downloads.
 */
import { SEARCH_PAGE, SERVER_PATHS } from './address-space';
import type { Paged } from './envelope';

export interface SiteSearch {
  q?: string;
  page?: number;
}

/** A record the search found (`GET /cms/search`, server/content/visitor-search.ts). */
export interface SearchHit {
  resource: string;
  id: number;
  title: string;
  /** Plain text around the words found. */
  excerpt: string;
  /** Where in `excerpt` the words found are: [start, end) pairs of UTF-16 offsets. */
  matches: [number, number][];
  /** Its address on the site, in the language searched, percent-encoded. */
  path: string;
}

/** The longest query the search reads (the API refuses longer ones). */
export const MOST_QUERY_LENGTH = 200;

export function siteSearch(search: Record<string, unknown>): SiteSearch {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, MOST_QUERY_LENGTH) : '';
  const page = Number(search.page);
  return { ...(q ? { q } : {}), ...(q && Number.isInteger(page) && page >= 2 && page <= 1000 ? { page } : {}) };
}

/** The address of a page of results, before the language's prefix. */
export function siteSearchHref({ q, page }: SiteSearch): string {
  const query = new URLSearchParams();
  if (q) query.set('q', q);
  if (q && page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `${SEARCH_PAGE}?${text}` : SEARCH_PAGE;
}

/** Whether `pathname` is the search page of one of the site's languages (`/search`, `/bn/search`). */
export function isSearchPath(pathname: string, locales: readonly string[]): boolean {
  return pathname === SEARCH_PAGE || locales.slice(1).some((locale) => pathname === `/${locale}${SEARCH_PAGE}`);
}

/**
 * How long the search page waits for the server before it answers from the index saved on the
 * device (docs/offline.md): on a link this slow, a visitor is better served by the saved copy.
 */
export const SAVED_SEARCH_AFTER_MS = 2000;

/** Results on a page of the search, the server's (visitor-search.ts) and the saved copy's alike. */
export const SEARCH_PAGE_SIZE = 10;

/**
 * The most results the server counts and pages through: past it the count says "more than", as
 * web search engines' do. Counting every hit of a common word read each one's record, for a
 * number nobody pages to the end of.
 */
export const SEARCH_MOST_COUNTED = 1000;

/** Where a language's offline index is (the directory Pagefind's script loads its files from). */
export const offlineIndexPath = (locale: string) => `${SERVER_PATHS.searchIndex}/${encodeURIComponent(locale)}/`;

/** An index's files named by their content (Pagefind's `*.pf_meta`, `index/…`, `fragment/…`): a name always holds the same bytes. */
export const HASHED_INDEX_FILE = /\.pf_(meta|index|fragment)$/;

/** The list of the files a device keeps of an index, in its directory (server/content/offline-search.ts). */
export const OFFLINE_INDEX_MANIFEST = 'files.json';

/** The server's page of results (`GET /cms/search`). */
export interface SearchAnswer extends Paged<SearchHit> {
  /** More than `total` (SEARCH_MOST_COUNTED) were found: the server stopped counting there. */
  more?: boolean;
}

/** What the search page shows: a page of results, and whether they come from the copy saved on the device. */
export interface SearchResults extends SearchAnswer {
  saved?: boolean;
}
