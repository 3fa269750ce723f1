/**
 * The one way the client talks to the content API: base URL, application key, bearer token and
 * typed errors. Public reads go to /cms/{path}; admin calls to /cms/api/{path}.
 */
import type { ErrorBody } from '../../shared/envelope';
import type { ApiTransport } from '../../shared/ssr';
import { config } from '../config';
import { getToken } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** A 409 on a stale version: the record as the server stores it now, and who saved it when. */
    readonly current?: Record<string, unknown>,
    readonly savedBy?: { user_name: string | null; at: string } | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** No answer at all: offline, DNS, connection refused. Status 0 by convention. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `text`: the answer's body as it came (a CSV download), not parsed as JSON. */
  as?: 'text';
}

/**
 * How a request reaches the API: `fetch` in the browser; when the server renders a page
 * (entry-server.tsx) it answers the same requests itself, without a network round trip.
 */
let transport: ApiTransport = async (url, init) => {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text() };
};

export function setTransport(next: ApiTransport): void {
  transport = next;
}

export function buildUrl(path: string, query?: Query): string {
  // Only the path and query are kept: the base merely lets URL parse it (there is no window on the server).
  const url = new URL(`${config.apiBase}/${path.replace(/^\//, '')}`, 'http://api');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

async function request<T>(path: string, options: RequestOptions, admin: boolean): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  headers[admin ? 'app_key' : 'app-key'] = config.appKey;
  if (admin) {
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const url = buildUrl(admin ? `api/${path}` : path, options.query);
  let response: Awaited<ReturnType<ApiTransport>>;
  try {
    response = await transport(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'No connection to the server. Check your network and try again.');
  }
  const ok = response.status >= 200 && response.status <= 299;
  if (ok && options.as === 'text') return response.text as T;
  const body = response.text ? safeJson(response.text) : undefined;
  if (!ok) {
    const err = (body ?? {}) as Partial<ErrorBody>;
    const current = err.current && typeof err.current === 'object' ? (err.current as Record<string, unknown>) : undefined;
    const savedBy = (body as { saved_by?: ApiError['savedBy'] } | undefined)?.saved_by ?? null;
    throw new ApiError(response.status, err.message ?? `Request failed (${response.status})`, err.errors ?? {}, current, savedBy);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Public content API (no token). */
export const publicApi = <T>(path: string, options: RequestOptions = {}) => request<T>(path, options, false);

/** Admin API (bearer token and app_key header). */
export const adminApi = <T>(path: string, options: RequestOptions = {}) => request<T>(path, options, true);
