/** The per-form entries screen's URL state: its filters and page. Hand-written, as activity-search.ts, to keep zod out of the entry bundle. */
export interface EntriesSearch {
  page?: number;
  size?: number;
  /** YYYY-MM-DD: entries that came on or after this day. */
  from?: string;
  /** YYYY-MM-DD: entries that came on or before this day. */
  to?: string;
  read?: 'read' | 'unread';
  /** Words in the entry's address, summary or answers. */
  search?: string;
}

const positiveInt = (value: unknown) => (Number.isInteger(value) && (value as number) >= 1 ? (value as number) : undefined);
const day = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

export function parseEntriesSearch(raw: Record<string, unknown>): EntriesSearch {
  return {
    page: positiveInt(raw.page),
    size: positiveInt(raw.size),
    from: day(raw.from),
    to: day(raw.to),
    read: raw.read === 'read' || raw.read === 'unread' ? raw.read : undefined,
    search: typeof raw.search === 'string' && raw.search.trim() ? raw.search.trim() : undefined,
  };
}
