/**
 * The news feeds (issue 59): RSS 2.0 and Atom 1.0 per language and per post category, read back
 * with feedsmith's parsers and checked for the elements each format requires; only what visitors
 * may read (no draft, no post before its time), full content cleaned by the site's sanitiser with
 * absolute links on the configured origin, kept like a page (ETag, 304, Last-Modified) and fresh
 * after a write; and named in the head of the public pages. SQLite and PostgreSQL.
 */
import { parseAtomFeed, parseRssFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeOf } from '../../src/shared/date-time';
import { dialects, sourceBuild, startTestApp, type TestApp } from './harness';

const ORIGIN = 'https://www.example.org';

describe.each(await dialects())('news feeds on %s', (dialect) => {
  let t: TestApp;
  const stamp = `${dialect}${Date.now().toString(36)}`;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const rss = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    return parseRssFeed(res.body);
  };
  const atom = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    return parseAtomFeed(res.body);
  };
  const post = async (values: Record<string, unknown>) => {
    const res = await t.admin('POST', '/cms/api/posts', { status: 1, ...values });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; slug: string; version: number };
  };
  const titlesOf = (feed: { items?: { title?: string }[] }) => (feed.items ?? []).map((item) => item.title);

  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir: sourceBuild() });
  }, 60_000);
  afterAll(() => t?.close());

  it('writes RSS 2.0 with the required channel and item elements, full content cleaned, links absolute', async () => {
    await post({
      title: `Clinic opens ${stamp}`,
      content: `<p>Open <a href="/contact">daily</a>.</p><img src="/uploads/clinic.png" alt="The clinic" onerror="alert(1)"><script>alert(2)</script>`,
    });
    const feed = await rss('/feed.xml');
    expect(feed.title).toMatch(/: News$/);
    expect(feed.link).toBe(`${ORIGIN}/news`);
    expect(feed.description).toBeTruthy();
    expect(feed.language).toBe('en');
    expect(feed.items!.length).toBeGreaterThan(0);
    for (const item of feed.items!) {
      expect(item.title).toBeTruthy();
      expect(item.link).toMatch(new RegExp(`^${ORIGIN}/news/`));
      expect(item.guid?.value).toBe(item.link);
      expect(item.pubDate).toBeTruthy();
    }
    const mine = feed.items!.find((item) => item.title === `Clinic opens ${stamp}`)!;
    const html = mine.content!.encoded!;
    expect(html).toContain(`<a href="${ORIGIN}/contact">daily</a>`);
    expect(html).toContain(`src="${ORIGIN}/uploads/clinic.png"`);
    expect(html).toContain('alt="The clinic"');
    expect(html).not.toMatch(/onerror|<script|alert\(2\)/);
  });

  it('writes Atom 1.0 with the required feed and entry elements', async () => {
    const feed = await atom('/atom.xml');
    expect(feed.id).toBe(`${ORIGIN}/atom.xml`);
    expect(feed.title?.value).toMatch(/: News$/);
    expect(feed.updated).toBeTruthy();
    expect(feed.links?.some((link) => link.rel === 'self' && link.href === `${ORIGIN}/atom.xml`)).toBe(true);
    expect(feed.entries!.length).toBeGreaterThan(0);
    for (const entry of feed.entries!) {
      expect(entry.id).toMatch(new RegExp(`^${ORIGIN}/news/`));
      expect(entry.title?.value).toBeTruthy();
      expect(entry.updated).toBeTruthy();
      expect(entry.links?.[0]?.href).toBe(entry.id);
    }
    expect(feed.entries!.some((entry) => entry.title?.value === `Clinic opens ${stamp}`)).toBe(true);
  });

  it('never holds a draft, holds a scheduled post only from its time, and is fresh after a write', async () => {
    await post({ title: `Draft ${stamp}`, status: 0 });
    const later = await post({ title: `Later ${stamp}`, publish_at: dateTimeOf(Date.now() + 60 * 60_000) });
    await post({ title: `Soon ${stamp}`, publish_at: dateTimeOf(Date.now() + 3_000) });
    const before = titlesOf(await rss('/feed.xml'));
    expect(before).not.toContain(`Draft ${stamp}`);
    expect(before).not.toContain(`Later ${stamp}`);
    expect(before).not.toContain(`Soon ${stamp}`);
    expect((await atom('/atom.xml')).entries!.map((entry) => entry.title?.value)).not.toContain(`Later ${stamp}`);
    // The kept feed expires at the next publish time, with no write in between.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(titlesOf(await rss('/feed.xml'))).toContain(`Soon ${stamp}`);
    // A write to posts makes the feed new for the next reader.
    const saved = await t.admin('PUT', `/cms/api/posts/${later.id}`, { publish_at: null });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = titlesOf(await rss('/feed.xml'));
    expect(after).toContain(`Later ${stamp}`);
    expect(after).not.toContain(`Draft ${stamp}`);
  });

  it('is kept like a page: an ETag and Last-Modified, 304 for a current copy', async () => {
    const first = await get('/feed.xml');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    expect(new Date(String(first.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    expect(first.headers['cache-control']).toMatch(/^public/);
    const again = await get('/feed.xml', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('writes the Bangla feeds in Bangla, with the Bangla addresses', async () => {
    const made = await post({ title: `Water project ${stamp}`, content: '<p>Wells.</p>' });
    // Untranslated, the Bangla feed holds the English text; kept, it is new again after the translation is written.
    expect(titlesOf(await rss('/bn/feed.xml'))).toContain(`Water project ${stamp}`);
    const translated = await t.admin('PUT', `/cms/api/posts/${made.id}?locale=bn`, {
      title: `পানি প্রকল্প ${stamp}`,
      slug: `পানি-প্রকল্প-${stamp}`,
      content: '<p>নলকূপ।</p>',
      version: 0,
    });
    expect(translated.statusCode, translated.body).toBe(200);
    const feed = await rss('/bn/feed.xml');
    expect(feed.language).toBe('bn');
    expect(feed.title).toMatch(/: খবর$/);
    expect(feed.link).toBe(`${ORIGIN}/bn/news`);
    const mine = feed.items!.find((item) => item.title === `পানি প্রকল্প ${stamp}`)!;
    expect(mine.link).toBe(`${ORIGIN}/bn/news/${encodeURIComponent(`পানি-প্রকল্প-${stamp}`)}`);
    expect(mine.content?.encoded).toContain('নলকূপ');
    const entries = (await atom('/bn/atom.xml')).entries!;
    expect(entries.map((entry) => entry.title?.value)).toContain(`পানি প্রকল্প ${stamp}`);
    // The default language has no prefix, and a language the site is not written in has no feed.
    expect((await get('/en/feed.xml')).statusCode).toBe(404);
    expect((await get('/fr/atom.xml')).statusCode).toBe(404);
  });

  it('writes a feed per post category, of that category only', async () => {
    const made = await t.admin('POST', '/cms/api/post-categories', { name: `Health ${stamp}`, status: 1 });
    expect(made.statusCode, made.body).toBe(201);
    const category = made.json().data.id as number;
    await post({ title: `In health ${stamp}`, category_id: category });
    await post({ title: `Elsewhere ${stamp}` });
    const feed = await rss(`/news/category/${category}/feed.xml`);
    expect(feed.title).toMatch(new RegExp(`: Health ${stamp}$`));
    expect(feed.link).toBe(`${ORIGIN}/news?category=${category}`);
    expect(titlesOf(feed)).toEqual([`In health ${stamp}`]);
    expect((await atom(`/news/category/${category}/atom.xml`)).entries!.map((entry) => entry.title?.value)).toEqual([
      `In health ${stamp}`,
    ]);
    expect((await rss(`/bn/news/category/${category}/feed.xml`)).items!.length).toBe(1);
    expect((await get('/news/category/999999/feed.xml')).statusCode).toBe(404);
    expect((await get('/news/category/x/feed.xml')).statusCode).toBe(404);
  });

  it('names the feeds of the page’s language in every public page’s head, and a category’s on its news page', async () => {
    const alternates = (html: string) =>
      [...html.matchAll(/<link[^>]*rel="alternate"[^>]*type="application\/(rss|atom)\+xml"[^>]*>/g)].map(
        (match) => /href="([^"]+)"/.exec(match[0])![1],
      );
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(alternates(home.body)).toEqual([`${ORIGIN}/feed.xml`, `${ORIGIN}/atom.xml`]);
    const bangla = await get('/bn/contact');
    expect(alternates(bangla.body)).toEqual([`${ORIGIN}/bn/feed.xml`, `${ORIGIN}/bn/atom.xml`]);
    const made = await t.admin('POST', '/cms/api/post-categories', { name: `Schools ${stamp}`, status: 1 });
    const category = made.json().data.id as number;
    const news = await get(`/news?category=${category}`);
    expect(news.statusCode).toBe(200);
    expect(alternates(news.body)).toEqual([
      `${ORIGIN}/feed.xml`,
      `${ORIGIN}/atom.xml`,
      `${ORIGIN}/news/category/${category}/feed.xml`,
      `${ORIGIN}/news/category/${category}/atom.xml`,
    ]);
    // Each named by the site and what it follows, in the page's language.
    expect(news.body).toMatch(new RegExp(`title="[^"]+: Schools ${stamp} \\(RSS\\)"`));
    expect(news.body).toMatch(/title="[^"]+: News \(Atom\)"/);
  });
});
