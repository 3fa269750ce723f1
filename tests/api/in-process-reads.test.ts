/**
 * A page render reads what visitors may read from the services directly (routes/public.ts,
 * inProcessReads), not through HTTP. Its answers must be the public API's: an answer's JSON byte
 * for byte (the same records, the same fields left out, the same placeholders), a refusal's the
 * same once parsed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessReads } from '../../src/server/routes/public';
import { APP_KEY, createOtherApplication, dialects, OTHER_APP_KEY, PNG, multipart, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('reads of a page render on %s', (dialect) => {
  let t: TestApp;
  let read: ReturnType<typeof inProcessReads>;
  let previewToken: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    read = inProcessReads(t.app);
    const form = multipart('parity.png', PNG);
    const upload = await t.admin('POST', '/cms/api/upload-single', form.body, form.headers);
    expect(upload.statusCode, upload.body).toBe(201);
    const picture = upload.json().data.url as string;
    const page = (await t.admin('POST', '/cms/api/pages', { title: 'Parity', slug: 'parity', status: 1, thumb: picture })).json()
      .data;
    const section = (await t.admin('POST', '/cms/api/sections', { title: 'Inside', page_id: page.id, status: 1 })).json().data;
    await t.admin('POST', '/cms/api/widgets', { title: 'A card', section_id: section.id, status: 1 });
    const post = (await t.admin('POST', '/cms/api/posts', { title: 'Said once', slug: 'said-once', status: 1 })).json().data;
    await t.admin('POST', '/cms/api/posts', { title: 'Hidden', slug: 'hidden', status: 0 });
    await t.admin('PUT', `/cms/api/posts/${post.id}/draft`, { title: 'Said twice' });
    previewToken = new URL((await t.admin('POST', `/cms/api/posts/${post.id}/preview-link`)).json().url).searchParams.get(
      'preview',
    )!;
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());

  const urls = () => [
    `/cms/applications/${APP_KEY}`,
    '/cms/menus',
    '/cms/sliders',
    '/cms/sections?is_top=1',
    '/cms/posts?page=1&size=3',
    '/cms/posts/said-once',
    `/cms/posts/said-once?preview=${encodeURIComponent(previewToken)}`,
    '/cms/posts/said-once?preview=not-a-token',
    '/cms/posts/hidden',
    '/cms/pages/parity',
    '/cms/pages/parity?locale=en',
    '/cms/menus?locale=en',
    '/cms/pages/parity?locale=xx',
    '/cms/pages/no-such-page',
    '/cms/gallery',
    '/cms/socials',
    '/cms/careers',
    '/cms/posts?size=oops',
    '/cms/nothing-here',
  ];

  it('answers every public read as the public API does: status and body', async () => {
    for (const url of urls()) {
      const http = await t.visitor('GET', url);
      const own = await read(url, APP_KEY);
      expect({ url, status: own.status }).toEqual({ url, status: http.statusCode });
      if (own.status === 200) expect(own.text, url).toBe(http.body);
      else expect(JSON.parse(own.text), url).toEqual(http.json());
    }
  });

  it('reads the site it is asked for, and nothing of a site visitors cannot see', async () => {
    expect((await read('/cms/pages/parity', APP_KEY)).status).toBe(200);
    expect((await read('/cms/pages/parity', OTHER_APP_KEY)).status).toBe(404);
    await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { status: 0 });
    try {
      const own = await read('/cms/pages/parity', APP_KEY);
      expect(own.status).toBe((await t.visitor('GET', '/cms/pages/parity')).statusCode);
      expect(own.status).toBe(404);
    } finally {
      await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { status: 1 });
    }
  });

  it('carries what the answer would: placeholders and embedded children, not staff ids', async () => {
    const body = JSON.parse((await read('/cms/pages/parity', APP_KEY)).text) as { data: Record<string, unknown> };
    expect(Object.keys(body.data.placeholders as object)).toHaveLength(1);
    expect((body.data.sections as { widgets: unknown[] }[])[0]!.widgets).toHaveLength(1);
    expect(body.data).not.toHaveProperty('created_by');
    expect(body.data).not.toHaveProperty('deleted_at');
  });
});
