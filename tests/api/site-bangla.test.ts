/**
 * The site in Bangla says its own words in Bangla (issue #56): every demo address under /bn/ (the
 * sitemap's, and the screens it leaves out) is drawn by the server, and its visible text (outside
 * elements marked with another `lang`, such as a record's English fallback) and its aria-labels
 * hold no word of the English catalogue that the Bangla one does not use too. The site settings the
 * header and footer show (tagline, description, copyright) are read in Bangla, and the demo's home,
 * About and Services pages show every record in Bangla.
 */
import fs from 'node:fs';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteBn } from '../../src/shared/messages/site-bn';
import { siteEn } from '../../src/shared/messages/site-en';
import { PageRenderer } from '../../src/server/seo/ssr';
import { APP_KEY, dialects, sourceBuild, startTestApp, type TestApp } from './harness';

const ORIGIN = 'http://localhost';

const wordsOf = (text: string) =>
  (text.replace(/\{\{\w+\}\}/g, ' ').match(/[A-Za-z]{2,}/g) ?? []).map((word) => word.toLowerCase());
const banglaWords = new Set(Object.values(siteBn).flatMap(wordsOf));
/** The English catalogue's words a Bangla page must not say. */
const englishWords = new Set(
  Object.values(siteEn)
    .flatMap(wordsOf)
    .filter((word) => !banglaWords.has(word)),
);

interface Node {
  nodeName: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}
const UNSEEN = new Set(['head', 'script', 'style', 'template', 'noscript']);

/** The text a visitor (or a screen reader) meets in the Bangla parts of a document. */
function banglaText(html: string): string[] {
  const found: string[] = [];
  const walk = (node: Node) => {
    if (UNSEEN.has(node.nodeName)) return;
    const attr = (name: string) => node.attrs?.find((a) => a.name === name)?.value;
    const lang = attr('lang');
    if (lang !== undefined && lang !== 'bn') return;
    const label = attr('aria-label');
    if (label) found.push(label);
    if (node.nodeName === '#text' && node.value?.trim()) found.push(node.value.trim());
    for (const child of node.childNodes ?? []) walk(child);
  };
  walk(parse(html) as unknown as Node);
  return found;
}

describe.each(await dialects())('the Bangla site on %s', (dialect) => {
  let t: TestApp;
  let pages: PageRenderer;
  const staticDir = sourceBuild();
  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
    pages = new PageRenderer(t.app, staticDir);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('says no English word of the site’s own on any demo address under /bn/', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    const listed = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const screens = ['/', '/news', '/news?page=2', '/gallery', '/contact', '/careers', '/no-such-page'].map((s) => `/bn${s}`);
    const addresses = [...new Set([...listed.filter((address) => address.startsWith('/bn/')), ...screens])];
    expect(addresses.length).toBeGreaterThan(10);
    expect(englishWords.has('subscribe')).toBe(true);
    const english: string[] = [];
    for (const address of addresses) {
      const drawn = await pages.render(address, ORIGIN);
      expect(drawn && 'html' in drawn, `${address} is drawn`).toBe(true);
      const { html } = drawn as { html: string };
      expect(html, address).toMatch(/<html lang="bn"/);
      // Drawn by the server, not left to the browser after an error.
      expect(html, address).not.toContain('server rendering errored');
      const texts = banglaText(html);
      expect(texts.length, address).toBeGreaterThan(5);
      for (const text of texts) {
        const said = wordsOf(text).filter((word) => englishWords.has(word));
        if (said.length) english.push(`${decodeURI(address)}: “${text}” (${said.join(', ')})`);
      }
    }
    expect(english).toEqual([]);
  }, 180_000);

  it('shows the demo’s home, About and Services wholly in Bangla: no record there falls back to English', async () => {
    const fallbacks: string[] = [];
    for (const address of ['/bn/', '/bn/আমাদের-কথা', '/bn/আমাদের-সেবা']) {
      const drawn = await pages.render(encodeURI(address), ORIGIN);
      expect(drawn && 'html' in drawn, `${address} is drawn`).toBe(true);
      const main = /<main[\s\S]*<\/main>/.exec((drawn as { html: string }).html)?.[0] ?? '';
      expect(main, address).not.toBe('');
      // A record's text with no Bangla is drawn in English, marked lang="en" (localisation.md).
      for (const match of main.matchAll(/<(\w+)[^>]*\slang="en"[^>]*>([^<]{0,60})/g)) {
        fallbacks.push(`${address}: <${match[1]}> “${match[2]!.trim()}”`);
      }
    }
    expect(fallbacks).toEqual([]);
  }, 120_000);

  it('names the news page’s categories in Bangla in its filter', async () => {
    const drawn = await pages.render('/bn/news', ORIGIN);
    const links = [...(drawn as { html: string }).html.matchAll(/<a[^>]*href="\/bn\/news\?category=[^"]*"[^>]*>([^<]*)/g)];
    expect(links.map((link) => link[1])).toEqual(['খবর', 'সংবাদ বিজ্ঞপ্তি', 'অনুষ্ঠান']);
    expect(links.filter((link) => link[0].includes('lang="en"'))).toEqual([]);
  });

  it('reads the site settings in the asked language, and the default language’s where none is written', async () => {
    const read = async (query: string) =>
      (await t.visitor('GET', `/cms/applications/${APP_KEY}${query}`)).json().data as Record<string, unknown>;
    const english = await read('');
    const bangla = await read('?locale=bn');
    expect(english.title).toBe('Technology that brings banking to every village');
    expect(bangla.title).toBe('প্রযুক্তি, যা ব্যাংকিং পৌঁছে দেয় প্রতিটি গ্রামে');
    expect(bangla.copyright).toMatch(/^© 2024 .*সর্বস্বত্ব সংরক্ষিত।$/);
    expect(bangla.text_locales).toMatchObject({ title: 'bn', description: 'bn', copyright: 'bn' });
    // Shared fields are the site's own, whatever the language.
    expect(bangla.email).toBe(english.email);
    expect(await read('?locale=en')).toMatchObject({ title: english.title });
  });

  it('translates the site settings through the admin API, as any record’s text, and visitors read the new words', async () => {
    const before = (await t.visitor('GET', `/cms/applications/${APP_KEY}?locale=bn`)).json().data as Record<string, unknown>;
    const read = await t.admin('GET', `/cms/api/applications/${APP_KEY}?locale=bn`);
    expect(read.statusCode, read.body).toBe(200);
    const version = Number(read.headers.etag!.replace(/"/g, ''));
    expect(read.json().data).toMatchObject({ locale: 'bn', title: before.title });
    expect(read.json().data).not.toHaveProperty('email');

    const refused = await t.admin('PUT', `/cms/api/applications/${APP_KEY}?locale=bn`, { title: 'নতুন', email: 'x@example.org' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('email');

    const saved = await t.admin('PUT', `/cms/api/applications/${APP_KEY}?locale=bn`, { title: 'গ্রামে গ্রামে ব্যাংকিং', version });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ locale: 'bn', version: version + 1, title: 'গ্রামে গ্রামে ব্যাংকিং' });
    const stale = await t.admin('PUT', `/cms/api/applications/${APP_KEY}?locale=bn`, { title: 'পুরনো', version });
    expect(stale.statusCode).toBe(409);

    const bangla = (await t.visitor('GET', `/cms/applications/${APP_KEY}?locale=bn`)).json().data as Record<string, unknown>;
    expect(bangla.title).toBe('গ্রামে গ্রামে ব্যাংকিং');
    // The default language's settings are the record's own, untouched.
    const english = (await t.visitor('GET', `/cms/applications/${APP_KEY}`)).json().data as Record<string, unknown>;
    expect(english.title).toBe('Technology that brings banking to every village');
  });
});
