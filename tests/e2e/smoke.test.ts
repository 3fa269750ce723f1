/** The built site loads in a real browser and talks to the real API. */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appReady, e2eFixture, type RunningApp } from './harness';

describe('smoke', () => {
  const fixture = e2eFixture();
  let app: RunningApp;
  let browser: Browser;
  beforeAll(() => {
    ({ app, browser } = fixture);
  });

  const recordApiCalls = (page: Page) => {
    const calls: { path: string; status: number }[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/cms/')) calls.push({ path: url.pathname + url.search, status: res.status() });
    });
    return calls;
  };

  it('the server sends the finished page, the browser wakes it without an error or a read, then opens the next page in place', async () => {
    const site = (await (
      await fetch(`${app.baseUrl}/cms/applications/${app.appKey}`, { headers: { 'app-key': app.appKey } })
    ).json()) as {
      data: { name: string };
    };
    const html = await (await fetch(`${app.baseUrl}/`)).text();
    const root = /<div id="root">([\s\S]*)<\/div><script defer="" src="\/start.js"/.exec(html)?.[1] ?? '';
    expect(root).toContain(site.data.name.replace(/&/g, '&amp;'));
    expect(root).toContain('22 years of service');

    // No service worker here: this is about the page and the API, not the offline cache.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && problems.push(message.text())));
    page.on('pageerror', (error) => problems.push(error.message));
    const calls = recordApiCalls(page);
    const response = await page.goto(`${app.baseUrl}/`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const configMeta = await page.getAttribute('meta[name="app-config"]', 'content');
    expect(JSON.parse(configMeta!)).toMatchObject({ appKey: app.appKey, apiBase: '/cms' });
    await page.getByText(site.data.name).first().waitFor({ state: 'visible' });
    await page.locator('.swiper-slide-active').waitFor();
    await appReady(page);
    // Its islands woke without reading anything, and React adopted their markup (a mismatch is logged as an error).
    expect(calls).toEqual([]);
    expect(problems).toEqual([]);

    // The next page is the server's too, fetched and put in place: no API read, no reload.
    const documents: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'fetch' && documents.push(new URL(request.url()).pathname)));
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(`${app.baseUrl}/about`);
    await page.locator('main h1').first().waitFor();
    expect(documents).toEqual(['/about']);
    expect(calls).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(page.locator('main').getByRole('heading', { level: 1 }).first().isVisible()).resolves.toBe(true);
    expect(problems).toEqual([]);
    // The tab's title follows the visitor, in the form the server gives a page loaded directly.
    const direct = await (await fetch(`${app.baseUrl}/about`)).text();
    const serverTitle = /<title>(.*?)<\/title>/
      .exec(direct)![1]!
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
    await expect.poll(() => page.title()).toBe(serverTitle);
    await context.close();
  });
});
