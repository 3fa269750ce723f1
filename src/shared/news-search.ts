/**
 * Search params of the news listing: ?page=, a whole number from 2; anything else is the first
 * page, which has no parameter, so /news is the one address of the first page (a server-rendered
 * /news?page=1 is redirected there).
 * Hand-written rather than zod: route search validators ship in the entry bundle every visitor
 * downloads, and this one rule does not justify a schema library there.
 */
import { SERVER_PATHS } from './address-space';

export interface NewsListSearch {
  page?: number;
  /** ?category=: a post category's id, the posts of that category only. */
  category?: number;
}

const whole = (value: unknown, from: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= from ? n : undefined;
};

export function newsListSearch(search: Record<string, unknown>): NewsListSearch {
  const page = whole(search.page, 2);
  const category = whole(search.category, 1);
  return { ...(page ? { page } : {}), ...(category ? { category } : {}) };
}

/** The address of a page of the news listing, of one category or all. */
export function newsListHref({ page, category }: NewsListSearch): string {
  const query = new URLSearchParams();
  if (category) query.set('category', String(category));
  if (page && page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `/news?${text}` : '/news';
}

export type FeedKind = 'rss' | 'atom';

/**
 * The news feed of a kind (server/seo/feeds.ts), of all news or of one category (below the news
 * page: `/news/category/<id>/feed.xml`), before the document's language prefix. What the server
 * answers and what a page's head names.
 */
export function feedPath(kind: FeedKind, category?: number | string): string {
  const file = SERVER_PATHS[kind];
  return category === undefined ? file : `/news/category/${category}${file}`;
}
