/**
 * Search params of the site's search page (`/search`, `/bn/search`): `?q=`, the words asked, and
 * `?page=`, a whole number from 2 (the first page has none). Hand-written rather than zod, as the
 * news listing's are (news-search.ts): they ship in the entry bundle every visitor downloads.
 */
import { SEARCH_PAGE } from './address-space';

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
