/**
 * The site's search offline (issue 58) in Chromium against the seeded demo: a visitor who comes
 * back to a language's home page on a device where the site is installed (its service worker
 * active) gets that language's search index kept; with the network cut, or the server's answer
 * later than SAVED_SEARCH_AFTER_MS, the search page answers from it, with the note that the results
 * come from the saved copy.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlledByWorker, e2eFixture, goOffline, goOnline, offlineCapableContext, slowAnswers } from './harness';

const fixture = e2eFixture();
let context: BrowserContext;
let page: Page;

const pathOf = (href: string) => decodeURIComponent(new URL(href).pathname);

/** Visits a home page the worker controls, and waits until the worker says the index is kept. */
async function comeBackTo(home: string): Promise<void> {
  await page.goto(`${fixture.app.baseUrl}${home}`);
  await controlledByWorker(page);
  await page.goto(`${fixture.app.baseUrl}${home}`);
  await page.locator('html[data-search-index="kept"]').waitFor({ state: 'attached', timeout: 30_000 });
}

beforeAll(async () => {
  context = await offlineCapableContext(fixture.browser, { viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await page.goto(`${fixture.app.baseUrl}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
});

afterAll(() => context?.close());

describe('the site’s search offline', () => {
  it('keeps nothing of the index on a first visit', async () => {
    const kept = await page.evaluate(async () => (await caches.keys()).includes('search-index'));
    expect(kept).toBe(false);
  });

  it('answers from the index kept on the device once the network is cut, in English and Bangla, with the note', async () => {
    await comeBackTo('/');
    await comeBackTo('/bn');
    await goOffline(context);

    await page.goto(`${fixture.app.baseUrl}/search?q=loan`);
    const note = page.getByRole('note');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toContain('saved on this device');
    const region = page.getByRole('region', { name: /found for “loan”/ });
    const results = region.getByRole('listitem');
    expect(await results.count()).toBeGreaterThan(0);
    const first = results.first();
    expect((await first.locator('mark').allInnerTexts()).some((word) => /^loan/i.test(word))).toBe(true);
    const hrefs = await region
      .getByRole('heading', { level: 3 })
      .getByRole('link')
      .evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href));
    expect(hrefs.every((href) => !pathOf(href).startsWith('/bn/'))).toBe(true);
    if (process.env.SEARCH_SCREENSHOT) await page.screenshot({ path: process.env.SEARCH_SCREENSHOT, fullPage: false });

    await page.goto(`${fixture.app.baseUrl}/bn/search?q=${encodeURIComponent('ঋণ')}`);
    const bangla = page.getByRole('note');
    await bangla.waitFor({ timeout: 30_000 });
    expect(await bangla.innerText()).toContain('সংরক্ষিত');
    const banglaRegion = page.getByRole('region', { name: /“ঋণ” খুঁজে/ });
    const banglaLinks = await banglaRegion
      .getByRole('heading', { level: 3 })
      .getByRole('link')
      .evaluateAll((all) => all.map((a) => (a as HTMLAnchorElement).href));
    expect(banglaLinks.length).toBeGreaterThan(0);
    expect(banglaLinks.every((href) => pathOf(href).startsWith('/bn/'))).toBe(true);
  });

  it('answers from the kept index when the server’s answer comes later than the page waits for it', async () => {
    await goOnline(context);
    // A link this slow for the search alone: the page and its worker wait 2 s, the answers take 6.
    const searching = (url: URL) => url.pathname === '/search' || url.pathname === '/cms/search';
    slowAnswers(context, searching, 6000);
    await page.goto(`${fixture.app.baseUrl}/search?q=loan`, { waitUntil: 'commit' });
    const note = page.getByRole('note');
    await note.waitFor({ timeout: 30_000 });
    expect(await note.innerText()).toContain('saved on this device');
    const results = page.getByRole('region', { name: /found for “loan”/ }).getByRole('listitem');
    expect(await results.count()).toBeGreaterThan(0);
    // The server was reachable all along: the page went on without it, not offline.
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    slowAnswers(context, () => false, 0);
  });
});
