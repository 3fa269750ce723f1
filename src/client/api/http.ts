/**
 * The one way the client talks to the content API: base URL, application key, bearer token and
 * typed errors. Public reads go to /cms/{path}; admin calls to /cms/api/{path}.
 */
import type { AnyRecord } from '../../shared/entities';
import type { ErrorBody } from '../../shared/envelope';
import type { ApiTransport } from '../../shared/ssr';
import type { QueryClient } from '@tanstack/react-query';
import { type ClientConfig, config } from '../config';
import { getToken } from './session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
    /** A 409 on a stale version: the record as the server stores it now, and who saved it when. */
    readonly current?: AnyRecord,
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
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** `text`: the answer's body as it came (a CSV download), not parsed as JSON. */
  as?: 'text';
}

/** Where a read goes and how it travels: the site's API and key, and the transport. */
export interface ApiConnection extends ClientConfig {
  transport: ApiTransport;
}

/** The browser's: the site its page names (config.ts), over `fetch`. */
export const browserConnection: ApiConnection = {
  get apiBase() {
    return config.apiBase;
  },
  get appKey() {
    return config.appKey;
  },
  get locale() {
    return config.locale;
  },
  transport: async (url, init) => {
    const response = await fetch(url, init);
    return { status: response.status, text: await response.text() };
  },
};

/**
 * A server render's query client reads through the render's own connection (entry-server.tsx):
 * TanStack Query hands every query function the client it runs in, so the connection travels with
 * the request, and two renders at once (of two servers in one process) never cross.
 */
const connections = new WeakMap<QueryClient, ApiConnection>();

export function connect(client: QueryClient, connection: ApiConnection): QueryClient {
  connections.set(client, connection);
  return client;
}

/** The connection of `client`'s reads: its render's on the server, the browser's otherwise. */
export function connectionOf(client: QueryClient | undefined): ApiConnection {
  return (client && connections.get(client)) ?? browserConnection;
}

/**
 * A path of the API with each value put in as one segment: `apiPath\`webhooks/${key}/deliveries\``.
 * A value is percent-encoded whole (a `/`, `?` or `%` in it stays inside its segment) and a value of
 * dots is escaped too, so no value can climb out of its place, whatever the address bar held.
 */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
  const segment = (value: string | number) => {
    const encoded = encodeURIComponent(String(value));
    return /^\.{1,2}$/.test(encoded) ? encoded.replaceAll('.', '%2E') : encoded;
  };
  return strings.reduce((path, text, n) => path + text + (n < values.length ? segment(values[n]!) : ''), '');
}

export function buildUrl(path: string, query?: Query, apiBase = config.apiBase): string {
  // Only the path and query are kept: the base merely lets URL parse it (there is no window on the server).
  const url = new URL(`${apiBase}/${path.replace(/^\//, '')}`, 'http://api');
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

async function request<T>(path: string, options: RequestOptions, admin: boolean, connection = browserConnection): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  headers[admin ? 'app_key' : 'app-key'] = connection.appKey;
  if (admin) {
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  // A public read is in the document's language (a site written in one has none to ask for).
  const locale = admin || (options.method ?? 'GET') !== 'GET' ? undefined : connection.locale?.locale;
  const query = locale ? { locale, ...options.query } : options.query;
  const url = buildUrl(admin ? `api/${path}` : path, query, connection.apiBase);
  // The staff's token goes to the admin API and nowhere else, whatever a path was made from.
  if (admin && !url.startsWith(`${connection.apiBase}/api/`)) {
    throw new ApiError(400, `Not an address of the admin API: ${url}`);
  }
  let response: Awaited<ReturnType<ApiTransport>>;
  try {
    response = await connection.transport(url, {
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
  if ('body' in response) {
    if (ok) return response.body as T;
  } else if (ok && options.as === 'text') return response.text as T;
  const body = 'body' in response ? response.body : response.text ? safeJson(response.text) : undefined;
  if (!ok) {
    const err = (body ?? {}) as Partial<ErrorBody>;
    const current = err.current && typeof err.current === 'object' ? (err.current as AnyRecord) : undefined;
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

/** Public content API (no token); from a query function, through the connection of its `client`. */
export const publicApi = <T>(path: string, options: RequestOptions & { client?: QueryClient } = {}) =>
  request<T>(path, options, false, connectionOf(options.client));

/** Admin API (bearer token and app_key header). */
export const adminApi = <T>(path: string, options: RequestOptions = {}) => request<T>(path, options, true);
