/**
 * The one way the client talks to the content API: base URL, application key, bearer token and
 * typed errors. Public reads go to /cms/{path}; admin calls to /cms/api/{path}.
 */
import type { ErrorBody } from '../../shared/envelope';
import { config } from '../config';
import { takeInitialResponse } from './initial-data';
import { getToken } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
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
}

export function buildUrl(path: string, query?: Query): string {
  const url = new URL(`${config.apiBase}/${path.replace(/^\//, '')}`, window.location.origin);
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
  if (!admin && (options.method ?? 'GET') === 'GET') {
    const embedded = takeInitialResponse(url);
    if (embedded !== undefined) return embedded as T;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'No connection to the server. Check your network and try again.');
  }
  const text = await response.text();
  const body = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const err = (body ?? {}) as Partial<ErrorBody>;
    throw new ApiError(response.status, err.message ?? `Request failed (${response.status})`, err.errors ?? {});
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
