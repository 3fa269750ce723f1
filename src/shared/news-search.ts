/**
 * Search params of the news listing: ?page=, a whole number from 2; anything else is the first
 * page, which has no parameter, so /news is the one address of the first page (a server-rendered
 * /news?page=1 is redirected there).
 * Hand-written rather than zod: route search validators ship in the entry bundle every visitor
 * downloads, and this one rule does not justify a schema library there.
 */
export interface NewsListSearch {
  page?: number;
}

export function newsListSearch(search: Record<string, unknown>): NewsListSearch {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 ? { page } : {};
}
