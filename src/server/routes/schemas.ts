/** Request schemas shared by the routes: list queries and ids. Unknown query keys (the spec's `all=1`) are ignored. */
import { z } from 'zod';
import { LIMITS } from '../../shared/limits';

/** A language tag as a query or path names it (`bn`, `pt-BR`); checked against the site's own by content/translations.ts. */
export const localeTag = z.string().max(35);

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  size: z.coerce
    .number()
    .int()
    .min(1)
    .transform((n) => Math.min(n, LIMITS.maxPageSize))
    .optional(),
  search_key: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const idParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive() });
export const revisionParams = idParams.extend({
  revisionId: z.coerce.number({ error: 'revisionId must be a number' }).int().positive(),
});

export const DEFAULT_PAGE_SIZE = 10;

/** page/size from a query; `unpaged` lists (selectors) return every row up to the cap. */
export function paging(query: ListQuery, unpaged = false): { page: number; size: number } {
  if (unpaged && query.page === undefined && query.size === undefined) {
    return { page: 1, size: LIMITS.maxPageSize };
  }
  return { page: query.page ?? 1, size: query.size ?? DEFAULT_PAGE_SIZE };
}
