/** One page of a list screen's rows and the count of every row its filters match, read side by side. */
import { type SelectQueryBuilder, sql } from 'kysely';

/**
 * `base` is the query with its filters; `rows` adds what a page shows (columns, order). The count is
 * taken from `base`, so it always counts what the filters match, whatever the page's columns.
 */
export async function pageOf<D, T extends keyof D, O>(
  base: SelectQueryBuilder<D, T, object>,
  rows: (base: SelectQueryBuilder<D, T, object>) => SelectQueryBuilder<D, T, O>,
  { page, size }: { page: number; size: number },
): Promise<{ rows: O[]; total: number }> {
  const [found, count] = await Promise.all([
    rows(base)
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base.select(sql<number | string>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  // Kysely cannot name a generic table's selection; the count is the one column selected above.
  return { rows: found, total: Number((count as { n: number | string }).n) };
}
