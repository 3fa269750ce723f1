/**
 * Row split of the '_activities' template (spec §2.1): two widgets in the first row, three in the
 * second, then the rest sharing rows of at least two (a lone last widget joins the row before it).
 */
export const ACTIVITY_REST_PER_ROW = 4;

export function activityRows<T>(items: readonly T[]): T[][] {
  const rows: T[][] = [items.slice(0, 2), items.slice(2, 5)];
  const rest = items.slice(5);
  for (let i = 0; i < rest.length; i += ACTIVITY_REST_PER_ROW) rows.push(rest.slice(i, i + ACTIVITY_REST_PER_ROW));
  const last = rows.at(-1);
  if (rows.length > 2 && last && last.length === 1) {
    rows.pop();
    rows.at(-1)!.push(last[0]!);
  }
  return rows.filter((row) => row.length > 0);
}
