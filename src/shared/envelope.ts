/** Wire envelopes of the content API (docs/api.md); client and server share them. */
export interface Paged<T> {
  data: T[];
  current_page: number;
  last_page: number;
  total: number;
}
export interface ListEnvelope<T> {
  data: Paged<T>;
}
export interface ItemEnvelope<T> {
  data: T;
}
export interface ErrorBody {
  /** A 409 on a stale version: the record as stored now. */
  current?: unknown;
  message: string;
  errors?: Record<string, string>;
}

export function paged<T>(rows: T[], page: number, size: number, total: number): ListEnvelope<T> {
  return {
    data: { data: rows, current_page: page, last_page: Math.max(1, Math.ceil(total / size)), total },
  };
}
