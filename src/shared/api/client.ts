/**
 * A typed client of the content API for consumers written in TypeScript (a mobile app, a static
 * build, a script): openapi-fetch over the generated types in ./schema.ts, so every path, body
 * and answer is checked by the compiler.
 *
 *   const api = contentApi({ baseUrl: 'https://example.org', token: 'ost_…', appKey: 'demo' });
 *   const { data, error } = await api.GET('/cms/api/posts/{id}', { params: { path: { id: 7 } } });
 */
import createClient from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };

export interface ContentApiOptions {
  /** The server's origin, e.g. https://example.org. */
  baseUrl: string;
  /** A session token (POST /cms/api/login) or an API token, sent as `Authorization: Bearer`. */
  token?: string;
  /** The site's app key, sent as the `app-key` header (an API token names its site without it). */
  appKey?: string;
  fetch?: typeof fetch;
}

export function contentApi({ baseUrl, token, appKey, fetch: fetchImpl }: ContentApiOptions) {
  const client = createClient<paths>({ baseUrl, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
  client.use({
    onRequest({ request }) {
      if (token) request.headers.set('authorization', `Bearer ${token}`);
      if (appKey) request.headers.set('app-key', appKey);
      return request;
    },
  });
  return client;
}

export type ContentApi = ReturnType<typeof contentApi>;
/** The JSON body of an operation's answer with that status, e.g. `AnswerOf<'posts.get'>`. */
export type AnswerOf<Id extends keyof operations, Status extends number = 200> =
  operations[Id]['responses'] extends Record<Status, { content: { 'application/json': infer Body } }> ? Body : never;
