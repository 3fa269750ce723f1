/**
 * The site's search (issue 58) in Chromium against the seeded demo: the header's box and the
 * search page work without JavaScript, in English and Bangla, rank and mark what they find, page
 * through it, and browsers are told of the search (OpenSearch).
 */
import { describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { open, site, useSite } from './site-fixture';

useSite();

const pathOf = (url: string) => decodeURIComponent(new URL(url).pathname);

describe('the site’s search', () => {
  it('searches from the header’s box with JavaScript off, and shows ranked results with their words marked', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.app.baseUrl}/about`);
    const box = page.getByRole('search').first().getByRole('searchbox', { name: 'Search the site' });
    await box.fill('loan');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'loan');
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    const results = page.getByRole('region', { name: /found for “loan”/ }).getByRole('listitem');
    expect(await results.count()).toBeGreaterThan(1);
    // The best match first: a page with the word in its title; each result's words marked.
    const first = results.first();
    expect(await first.getByRole('heading', { level: 3 }).innerText()).toMatch(/loan/i);
    expect((await first.locator('mark').allInnerTexts()).some((word) => /^loans?$/i.test(word))).toBe(true);
    // Results pages are not for search engines' indexes.
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, follow');
    // A result is a link to its page, which opens.
    const href = await first.getByRole('link').getAttribute('href');
    const opened = await page.goto(`${site.app.baseUrl}${href}`);
    expect(opened?.status()).toBe(200);
    await context.close();
  });

  it('searches in Bangla on the Bangla search page, and says when nothing is found', async () => {
    const page = await open(`/bn/search?q=${encodeURIComponent('ঋণ')}`, { width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    const region = page.getByRole('region', { name: /“ঋণ” খুঁজে/ });
    const links = await region.getByRole('link').evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((href) => pathOf(href).startsWith('/bn/'))).toBe(true);
    // The marked word is whole: ঋণের, not ঋণ cut from its vowel sign.
    expect((await region.locator('mark').allInnerTexts()).every((word) => word.startsWith('ঋণ'))).toBe(true);
    expect(await axeFindings(page, page.url())).toEqual([]);
    await page.goto(`${site.app.baseUrl}/bn/search?q=zzqqxx`);
    await page.getByRole('heading', { level: 2, name: '“zzqqxx” খুঁজে কিছু পাওয়া যায়নি।' }).waitFor();
    await page.close();
  });

  it('tells browsers of the search with an OpenSearch description', async () => {
    const page = await open('/');
    const link = page.locator('link[rel="search"][type="application/opensearchdescription+xml"]');
    const href = await link.getAttribute('href');
    const description = await (await fetch(href!)).text();
    expect(description).toContain(`template="${site.app.baseUrl}/search?q={searchTerms}"`);
    await page.close();
  });
});
