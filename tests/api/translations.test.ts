/**
 * A site in more than one language (content/translations.ts): its locales, a record's text per
 * locale through the admin API (`?locale=`, with a version of its own), visitors' reads in a
 * locale with field-by-field fallback, a slug in any locale, search per locale, and the default
 * locale's answers exactly as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY, dialects, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('translations on %s', (dialect) => {
  let t: TestApp;
  let page: { id: number; version: number };
  let defaultAnswer: unknown;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    page = (
      await t.admin('POST', '/cms/api/pages', {
        title: 'About us',
        sub_title: 'Who we are',
        slug: 'about-us-test',
        content: '<p>We build banking software.</p>',
        status: 1,
      })
    ).json().data;
    await t.admin('POST', '/cms/api/sections', { title: 'Our team', page_id: page.id, status: 1 });
    defaultAnswer = (await t.visitor('GET', '/cms/pages/about-us-test')).json();
  });
  afterAll(() => t?.close());

  it('keeps a site’s languages in one form, the default first', async () => {
    const saved = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'EN, bn,en' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ locales: 'en,bn', default_locale: 'en' });
    const refused = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en;bn' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('locales');
  });

  it('writes only the fields written per language, with a version of their own, and reads them back', async () => {
    const shared = await t.admin('PUT', `/cms/api/pages/${page.id}?locale=bn`, { title: 'পরীক্ষার পাতা', status: 0 });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().errors).toEqual({ status: 'Shared by every language' });

    const saved = await t.admin('PUT', `/cms/api/pages/${page.id}?locale=bn`, {
      title: 'পরীক্ষার পাতা',
      slug: 'পরীক্ষার পাতা',
      content: '<p>আমরা ব্যাংকিং সফটওয়্যার তৈরি করি।</p>',
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"1"');
    expect(saved.json().data).toMatchObject({
      id: page.id,
      locale: 'bn',
      version: 1,
      title: 'পরীক্ষার পাতা',
      slug: 'পরীক্ষার-পাতা',
    });
    expect(saved.json().data).not.toHaveProperty('sub_title'); // no text in Bangla yet

    const read = await t.admin('GET', `/cms/api/pages/${page.id}?locale=bn`);
    expect(read.json().data).toMatchObject({ locale: 'bn', version: 1, title: 'পরীক্ষার পাতা' });
    // The default language is the record itself, untouched.
    const record = (await t.admin('GET', `/cms/api/pages/${page.id}`)).json().data;
    expect(record).toMatchObject({ title: 'About us', version: page.version });
    expect(record).not.toHaveProperty('locale');
  });

  it('refuses a language the site is not written in, naming locale', async () => {
    for (const res of [
      await t.visitor('GET', '/cms/pages/about-us-test?locale=fr'),
      await t.admin('GET', `/cms/api/pages/${page.id}?locale=fr`),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('locale');
    }
  });

  it('answers visitors in a locale field by field, saying which locale each text is in', async () => {
    const res = await t.visitor('GET', '/cms/pages/about-us-test?locale=bn');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.title).toBe('পরীক্ষার পাতা');
    expect(data.sub_title).toBe('Who we are'); // not translated: the default's text
    expect(data.text_locales).toMatchObject({ title: 'bn', content: 'bn', sub_title: 'en' });
    // Its embedded sections too, falling back where they have no translation.
    expect(data.sections[0]).toMatchObject({ title: 'Our team', text_locales: { title: 'en' } });
    // Lists as well.
    const list = (await t.visitor('GET', '/cms/sections?locale=bn')).json().data.data;
    expect(list.every((row: { text_locales?: object }) => row.text_locales)).toBe(true);
  });

  it('finds a page by its slug in any locale', async () => {
    const bySlug = await t.visitor('GET', `/cms/pages/${encodeURIComponent('পরীক্ষার-পাতা')}?locale=bn`);
    expect(bySlug.statusCode, bySlug.body).toBe(200);
    expect(bySlug.json().data).toMatchObject({ id: page.id, title: 'পরীক্ষার পাতা' });
    const inDefault = await t.visitor('GET', `/cms/pages/${encodeURIComponent('পরীক্ষার-পাতা')}`);
    expect(inDefault.json().data.title).toBe('About us');
  });

  it('names a page’s address in each language it is written in, when read in one', async () => {
    const read = (await t.visitor('GET', '/cms/pages/about-us-test?locale=en')).json().data;
    expect(read.slugs).toEqual({ en: 'about-us-test', bn: 'পরীক্ষার-পাতা' });
    expect((await t.visitor('GET', '/cms/pages/about-us-test')).json().data).not.toHaveProperty('slugs');
  });

  it('lists every language’s address in the sitemap, each with its alternates', async () => {
    const sitemap = (await t.visitor('GET', '/sitemap.xml')).body;
    expect(sitemap).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const bangla = `/bn/${encodeURIComponent('পরীক্ষার-পাতা')}`;
    const entry = sitemap.split('\n').find((line) => line.includes(`${bangla}</loc>`));
    expect(entry).toBeDefined();
    expect(entry).toMatch(/hreflang="en" href="[^"]+\/about-us-test"/);
    expect(entry).toMatch(/hreflang="x-default" href="[^"]+\/about-us-test"/);
    // The site's own pages are in every language; the default keeps today's addresses.
    expect(sitemap).toMatch(/<loc>[^<]+\/bn\/contact<\/loc>/);
    expect(sitemap).toMatch(/<loc>[^<]+\/contact<\/loc>/);
  });

  it('lists which other languages each record is written in, and takes a read record back whole', async () => {
    const plain = (await t.admin('POST', '/cms/api/pages', { title: 'Not translated yet', status: 1 })).json().data;
    const listed = (await t.admin('GET', '/cms/api/pages?size=100')).json().data.data as {
      id: number;
      translations?: string[];
    }[];
    expect(listed.find((row) => row.id === page.id)?.translations).toEqual(['bn']);
    expect(listed.find((row) => row.id === plain.id)?.translations).toEqual([]);
    // A record as the list or a public read in a language gives it out, sent back as it is.
    const read = (await t.visitor('GET', `/cms/pages/${plain.slug}?locale=en`)).json().data;
    const current = (await t.admin('GET', `/cms/api/pages/${plain.id}`)).json().data;
    const back = await t.admin('PUT', `/cms/api/pages/${plain.id}`, {
      ...current,
      translations: [],
      text_locales: read.text_locales,
      slugs: read.slugs,
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it('answers exactly as before when no locale is asked', async () => {
    expect((await t.visitor('GET', '/cms/pages/about-us-test')).json()).toEqual(defaultAnswer);
    expect(JSON.stringify((await t.visitor('GET', '/cms/posts')).json())).not.toContain('text_locales');
  });

  it('keeps each locale’s versions apart: a conflict in one does not block another', async () => {
    await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en,bn,fr' });
    const first = await t.admin('PUT', `/cms/api/pages/${page.id}?locale=bn`, { sub_title: 'আমরা কারা', version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await t.admin('PUT', `/cms/api/pages/${page.id}?locale=bn`, { sub_title: 'পুরোনো', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ locale: 'bn', version: 2, sub_title: 'আমরা কারা' });
    // French, and the record itself, are saved on their own versions meanwhile.
    const french = await t.admin('PUT', `/cms/api/pages/${page.id}?locale=fr`, { title: 'À propos', version: 0 });
    expect(french.statusCode, french.body).toBe(200);
    const record = await t.admin('PUT', `/cms/api/pages/${page.id}`, { sub_title: 'Who we are, still', version: page.version });
    expect(record.statusCode, record.body).toBe(200);
  });

  it('searches one locale’s text or every one, and finds what is missing a translation', async () => {
    const other = (await t.admin('POST', '/cms/api/pages', { title: 'Services for members', status: 1 })).json().data;
    const search = (query: string) =>
      t.admin('GET', `/cms/api/pages?${query}`).then((res) => res.json().data.data.map((row: { id: number }) => row.id));
    expect(await search(`search_key=${encodeURIComponent('পরীক্ষার')}&locale=bn`)).toEqual([page.id]);
    // Without a locale the search reads every language; the default's alone with its own tag.
    expect(await search(`search_key=${encodeURIComponent('পরীক্ষার')}`)).toEqual([page.id]);
    expect(await search(`search_key=${encodeURIComponent('পরীক্ষার')}&locale=en`)).toEqual([]);
    const missing = await search('missing=bn&size=1000');
    expect(missing).toContain(other.id);
    expect(missing).not.toContain(page.id);
  });

  it('removes a translation, after which visitors read the default text', async () => {
    const removed = await t.admin('DELETE', `/cms/api/pages/${page.id}/translations/fr`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.admin('DELETE', `/cms/api/pages/${page.id}/translations/fr`)).statusCode).toBe(404);
    expect((await t.admin('DELETE', `/cms/api/pages/${page.id}/translations/en`)).statusCode).toBe(400);
    const read = (await t.visitor('GET', '/cms/pages/about-us-test?locale=fr')).json().data;
    expect(read).toMatchObject({ title: 'About us', text_locales: { title: 'en' } });
  });

  it('describes the three in the OpenAPI document', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/cms/docs/json' })).json().paths;
    expect(paths['/cms/api/pages/{id}/translations/{locale}'].delete.operationId).toBeTruthy();
    const locale = (operation: { parameters?: { name: string }[] }) => operation.parameters?.some((p) => p.name === 'locale');
    expect(locale(paths['/cms/api/pages/{id}'].get)).toBe(true);
    expect(locale(paths['/cms/api/pages/{id}'].put)).toBe(true);
    expect(locale(paths['/cms/pages/{slug}'].get)).toBe(true);
  });
});
