/**
 * The offline search index (content/offline-search.ts, routes/search-index.ts): Pagefind's files
 * per language under /search-index/<locale>/, made of what visitors may read, revalidated where
 * their names do not change with their content, and made again after a write.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY, dialects, startTestApp, type TestApp } from './harness';

interface Fragment {
  url: string;
  content: string;
  meta: { title: string };
}

describe.each(await dialects())('the offline search index on %s', (dialect) => {
  let t: TestApp;
  const get = async (locale: string, name: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/search-index/${encodeURIComponent(locale)}/${name}`, headers });
  const manifest = async (locale = 'en') => {
    const res = await get(locale, 'files.json');
    expect(res.statusCode, res.body).toBe(200);
    return { etag: res.headers.etag as string, ...(res.json() as { files: string[]; pages: number }) };
  };
  /** Every page the index holds, read from its fragments (gzip, Pagefind's marker, then JSON). */
  const pages = async (locale = 'en') => {
    const { files } = await manifest(locale);
    const fragments = files.filter((name) => name.startsWith('fragment/'));
    return Promise.all(
      fragments.map(async (name) => {
        const res = await get(locale, name);
        expect(res.statusCode, name).toBe(200);
        return JSON.parse(gunzipSync(res.rawPayload).subarray('pagefind_dcd'.length).toString('utf8')) as Fragment;
      }),
    );
  };
  const post = async (values: Record<string, unknown>) => {
    const res = await t.admin('POST', '/cms/api/posts', { status: 1, ...values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; version: number };
  };

  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('serves Pagefind’s files for a language: its script, its wasm, its entry and the chunks it names', async () => {
    const { files, pages: count } = await manifest();
    expect(count).toBeGreaterThan(0);
    expect(files).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js']));
    expect(files.some((name) => /^wasm\.\w+\.pagefind$/.test(name))).toBe(true);
    expect(files.some((name) => name.startsWith('index/'))).toBe(true);
    for (const name of files) expect((await get('en', name)).statusCode, name).toBe(200);
    const entry = await get('en', 'pagefind-entry.json?ts=1');
    expect(entry.statusCode).toBe(200);
    expect(Object.keys(entry.json().languages)).toEqual(['en']);
    // Its chunks are gzip files Pagefind unzips itself: sent as they are, whatever encoding is accepted.
    for (const name of files.filter((file) => /\.(pf_\w+|pagefind)$/.test(file))) {
      const plain = await get('en', name);
      const asked = await get('en', name, { 'accept-encoding': 'br, gzip' });
      expect(asked.headers['content-encoding'], name).toBeUndefined();
      expect(Buffer.compare(asked.rawPayload, plain.rawPayload), name).toBe(0);
      expect(gunzipSync(plain.rawPayload).subarray(0, 12).toString(), name).toBe('pagefind_dcd');
    }
    // Pagefind's own UIs are not the site's: not served.
    expect((await get('en', 'pagefind-ui.js')).statusCode).toBe(404);
  });

  it('marks the files named by their content immutable and revalidates the others', async () => {
    const { files } = await manifest();
    const chunk = await get(
      'en',
      files.find((name) => name.startsWith('index/'))!,
    );
    expect(chunk.headers['cache-control']).toContain('immutable');
    for (const name of ['pagefind-entry.json', 'files.json', 'pagefind.js']) {
      const res = await get('en', name);
      expect(res.headers['cache-control'], name).toBe('no-cache');
      expect((await get('en', name, { 'if-none-match': res.headers.etag as string })).statusCode, name).toBe(304);
    }
  });

  it('holds what visitors read, not a draft, and is made again after a write', async () => {
    const before = await manifest();
    const shown = await post({ title: 'Quokka cooperative', slug: 'quokka-cooperative', content: '<p>Shown</p>' });
    const hidden = await post({ title: 'Wombat draft', slug: 'wombat-draft', status: 0 });
    const after = await manifest();
    expect(after.etag).not.toBe(before.etag);
    const held = await pages();
    expect(held.find((page) => page.meta.title === 'Quokka cooperative')).toMatchObject({ url: '/news/quokka-cooperative' });
    expect(held.some((page) => page.meta.title === 'Wombat draft')).toBe(false);
    expect(held.some((page) => page.meta.title === 'About Us' || page.url === '/about')).toBe(true);
    // Published, the draft is in the next index asked for; deleted, the other is gone from it.
    const published = await t.admin('PUT', `/cms/api/posts/${hidden.id}`, { status: 1, version: hidden.version });
    expect(published.statusCode, published.body).toBe(200);
    expect((await t.admin('DELETE', `/cms/api/posts/${shown.id}`)).statusCode).toBe(200);
    const titles = (await pages()).map((page) => page.meta.title);
    expect(titles).toContain('Wombat draft');
    expect(titles).not.toContain('Quokka cooperative');
  });

  it('has an index per language, in the language’s words and addresses', async () => {
    expect((await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en,bn' })).statusCode).toBe(200);
    const page = (await t.admin('POST', '/cms/api/pages', { title: 'Loans', slug: 'loans-offline', status: 1 })).json().data as {
      id: number;
    };
    const translated = await t.admin('PUT', `/cms/api/pages/${page.id}?locale=bn`, {
      title: 'ঋণ অফলাইন',
      slug: 'ঋণ-অফলাইন',
      content: '<p>ঝিনুকমালা</p>',
      version: 0,
    });
    expect(translated.statusCode, translated.body).toBe(200);
    const bangla = await pages('bn');
    expect(bangla.find((found) => found.meta.title === 'ঋণ অফলাইন')).toMatchObject({
      url: `/bn/${encodeURIComponent('ঋণ-অফলাইন')}`,
    });
    expect((await pages('en')).some((found) => found.meta.title === 'ঋণ অফলাইন')).toBe(false);
  });

  it('answers a language the site is not written in with a 400 naming it, and a file it lacks with a 404', async () => {
    const other = await get('fr', 'pagefind-entry.json');
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json().errors)).toContain('locale');
    expect((await get('en', 'fragment/nothing.pf_fragment')).statusCode).toBe(404);
    expect((await get('en', '../../etc/passwd')).statusCode).toBeGreaterThanOrEqual(400);
  });
});
