/**
 * The rows a list page shows, as the footer counts them: the first and last row's place in the
 * whole list (1-based), or 0 and 0 when the page shows none (an empty list, or a page past the end).
 */
export function showingRange(page: number, size: number, total: number): { from: number; to: number } {
  const skipped = (page - 1) * size;
  if (size <= 0 || skipped >= total) return { from: 0, to: 0 };
  return { from: skipped + 1, to: Math.min(skipped + size, total) };
}
