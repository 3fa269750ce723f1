/**
 * Search params of the news listing: ?page=, a whole number from 1; anything else reads as 1.
 * Hand-written rather than zod: route search validators ship in the entry bundle every visitor
 * downloads, and this one rule does not justify a schema library there.
 */
export interface NewsListSearch {
  page: number;
}

export function newsListSearch(search: Record<string, unknown>): NewsListSearch {
  const page = Number(search.page);
  return { page: Number.isInteger(page) && page >= 1 ? page : 1 };
}
