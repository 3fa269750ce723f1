/**
 * Which screen of the SPA a URL opens. The head tags, server rendering and the route preloads all
 * start from this one reading of the path.
 */
import { newsListSearch } from '../../shared/news-search';

export type PublicRoute =
  { kind: 'home' | 'contact' | 'news' | 'details' | 'admin' | 'unknown' } | { kind: 'page' | 'post'; slug: string };

const FIXED: Record<string, 'contact' | 'news' | 'details'> = { contact: 'contact', news: 'news', details: 'details' };

export function publicRoute(pathname: string): PublicRoute {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return { kind: 'unknown' };
  }
  const [first, second] = segments;
  if (first === 'admin') return { kind: 'admin' };
  if (segments.length === 0) return { kind: 'home' };
  if (segments.length === 1) return FIXED[first!] ? { kind: FIXED[first!]! } : { kind: 'page', slug: first! };
  if (segments.length === 2 && first === 'news') return { kind: 'post', slug: second! };
  return { kind: 'unknown' };
}

/**
 * The part of a page address that decides what is drawn: the path, and `page` where the news list
 * reads it (as its route does, newsListSearch). Any other query parameter would only make anyone's
 * `?x=1`, `?x=2` … a new render.
 */
export function meaningfulUrl(url: string): string {
  const [pathname = '/', query = ''] = url.split('?', 2);
  const { page } = newsListSearch(Object.fromEntries(new URLSearchParams(query)));
  const kind = publicRoute(pathname).kind;
  return page !== undefined && (kind === 'news' || kind === 'details') ? `${pathname}?page=${page}` : pathname;
}
