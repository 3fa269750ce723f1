/**
 * The typed client (src/shared/api): its types are what openapi-typescript makes of the served
 * document today, and it drives the real server, over HTTP, through every entity's list, read,
 * create, update and delete, on both databases. The calls are checked by the compiler
 * (`npm test` type-checks this file): a path, field or answer the document lost would not compile.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTypes, SCHEMA_FILE, servedDocument } from '../../scripts/api-types';
import { ENTITIES, type EntityDef } from '../../src/shared/entities';
import { type AnswerOf, contentApi, type ContentApi } from '../../src/shared/api/client';
import { APP_KEY, dialects, startTestApp, type TestApp } from './harness';
import { sampleBody } from './samples';

/** Entities staff create through the admin API (messages come from visitors, sites are keyed apart). */
const adminCreated = Object.values(ENTITIES).filter(
  (def) => def.resource !== 'applications' && !def.readOnlyResource,
) as EntityDef[];

it('has the types openapi-typescript makes of the served document', async () => {
  expect(fs.readFileSync(SCHEMA_FILE, 'utf8'), 'run `npm run api:types`').toBe(await apiTypes(await servedDocument()));
});

describe.each(await dialects())('the typed client on %s', (dialect) => {
  let t: TestApp;
  let api: ContentApi;
  let visitor: ContentApi;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    api = contentApi({ baseUrl, token: t.token, appKey: APP_KEY });
    visitor = contentApi({ baseUrl, appKey: APP_KEY });
  });
  afterAll(() => t?.close());

  it('reads, writes and deletes a post with every call typed', async () => {
    const created = await api.POST('/cms/api/posts', {
      body: { title: 'Typed news', content: '<p>Written by a typed client</p>', status: 1, publish_at: new Date().toISOString() },
    });
    expect(created.response.status).toBe(201);
    const post = created.data!.data!;
    const id: number = post.id!;
    const title: string | null | undefined = post.title;
    expect(title).toBe('Typed news');

    const read = await api.GET('/cms/api/posts/{id}', { params: { path: { id } } });
    expect(read.response.headers.get('etag')).toBe(`"${read.data!.data!.version}"`);
    // The record as read goes back whole, with one field changed (the round trip).
    const loaded = read.data!.data!;
    const updated = await api.PUT('/cms/api/posts/{id}', {
      params: { path: { id } },
      body: { ...loaded, sub_title: 'Now with a sub-title' },
    });
    expect(updated.error).toBeUndefined();
    expect(updated.data!.data!.sub_title).toBe('Now with a sub-title');

    const stale = await api.PUT('/cms/api/posts/{id}', {
      params: { path: { id } },
      body: { title: 'Late', version: loaded.version! },
    });
    expect(stale.response.status).toBe(409);
    expect(stale.error!.message).toMatch(/./);

    const listed = await api.GET('/cms/api/posts', { params: { query: { search_key: 'Typed news' } } });
    expect(listed.data!.data!.data!.map((row) => row.id)).toContain(id);

    const slug = updated.data!.data!.slug!;
    const shown = await visitor.GET('/cms/posts/{slug}', { params: { path: { slug } } });
    expect(shown.data!.data!.sub_title).toBe('Now with a sub-title');

    const gone = await api.DELETE('/cms/api/posts/{id}', { params: { path: { id }, query: { permanent: '1' } } });
    expect(gone.data!.data!.id).toBe(id);
    const missing = await api.GET('/cms/api/posts/{id}', { params: { path: { id } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error!.message).toBe('Post not found');
  });

  it('names answers by operation id', async () => {
    const answer: AnswerOf<'report.counts'> | undefined = (await api.GET('/cms/api/app-report')).data;
    expect(answer!.data!.total_post).toEqual(expect.any(Number));
  });

  it.each(adminCreated.map((def) => [def.resource, def] as const))(
    'lists, reads, creates, updates and deletes %s',
    async (resource, def) => {
      // The same calls for every entity: the paths are the document's, named from the definition.
      type Untyped = (path: string, init: object) => Promise<{ data?: { data?: Record<string, unknown> }; response: Response }>;
      const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE') => api[method] as unknown as Untyped;
      const collection = `/cms/api/${resource}`;
      const one = `/cms/api/${resource}/{id}`;

      const created = await call('POST')(collection, { body: sampleBody(def) });
      expect(created.response.status).toBe(201);
      const id = created.data!.data!.id as number;
      const listed = await call('GET')(collection, { params: { query: { page: 1, size: 100 } } });
      expect(listed.response.status).toBe(200);
      const read = await call('GET')(one, { params: { path: { id } } });
      expect(read.data!.data!.id).toBe(id);
      const field = Object.entries(def.fields).find(([, f]) => f.kind === 'text' && !f.pattern && !f.unique && !f.readOnly)![0];
      const updated = await call('PUT')(one, { params: { path: { id } }, body: { [field]: `Changed through the typed client` } });
      expect(updated.data!.data![field]).toBe('Changed through the typed client');
      const deleted = await call('DELETE')(one, { params: { path: { id } } });
      expect(deleted.response.status).toBe(200);
      expect((await call('GET')(one, { params: { path: { id } } })).response.status).toBe(404);
    },
  );

  it('sends a visitor’s message and lets staff read and delete it', async () => {
    const sent = await visitor.POST('/cms/messages', {
      body: { name: 'A visitor', email: 'visitor@example.org', message: 'Sent through the typed client' },
    });
    expect(sent.response.status).toBe(201);
    const id = sent.data!.data!.id!;
    const read = await api.GET('/cms/api/messages/{id}', { params: { path: { id } } });
    expect(read.data!.data!.message).toBe('Sent through the typed client');
    expect((await api.DELETE('/cms/api/messages/{id}', { params: { path: { id } } })).response.status).toBe(200);
  });

  it('reads and updates the site, and works with an API token', async () => {
    const site = await api.GET('/cms/api/applications/{key}', { params: { path: { key: APP_KEY } } });
    const saved = await api.PUT('/cms/api/applications/{key}', {
      params: { path: { key: APP_KEY } },
      body: { ...site.data!.data!, title: 'Typed site title' },
    });
    expect(saved.data!.data!.title).toBe('Typed site title');

    const made = await api.POST('/cms/api/api-tokens', { body: { name: 'Typed consumer', role: 'viewer' } });
    const token = made.data!.data!.token!;
    const consumer = contentApi({ baseUrl: `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`, token });
    const pages = await consumer.GET('/cms/api/pages', {});
    expect(pages.response.status).toBe(200);
    const refused = await consumer.POST('/cms/api/pages', { body: { title: 'Not allowed' } });
    expect(refused.response.status).toBe(403);
  });
});
