/** The built site loads in a real browser and talks to the real API. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type RunningApp, startApp } from './harness';

describe('smoke', () => {
  let app: RunningApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const recordApiCalls = (page: Page) => {
    const calls: { path: string; status: number }[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/cms/')) calls.push({ path: url.pathname + url.search, status: res.status() });
    });
    return calls;
  };

  it('paints the first page from the answers embedded in its HTML, then reads the API as the visitor moves on', async () => {
    // No service worker here: this is about the page and the API, not the offline cache.
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const calls = recordApiCalls(page);
    const response = await page.goto(`${app.baseUrl}/`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const configMeta = await page.getAttribute('meta[name="app-config"]', 'content');
    expect(JSON.parse(configMeta!)).toMatchObject({ appKey: app.appKey, apiBase: '/cms' });
    const site = (await (await fetch(`${app.baseUrl}/cms/applications/${app.appKey}`, { headers: { 'app-key': app.appKey } })).json()) as {
      data: { name: string };
    };
    await page.getByText(site.data.name).first().waitFor({ state: 'visible' });
    expect(calls.map((c) => c.path)).not.toContain(`/cms/applications/${app.appKey}`);
    expect(calls.map((c) => c.path)).not.toContain('/cms/sliders');

    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(`${app.baseUrl}/about`);
    await expect.poll(() => calls.find((c) => c.path === '/cms/pages/about')?.status).toBe(200);
    await page.locator('main h1').first().waitFor();
    // The tab's title follows the visitor, in the form the server gives a page loaded directly.
    const direct = await (await fetch(`${app.baseUrl}/about`)).text();
    const serverTitle = /<title>(.*?)<\/title>/.exec(direct)![1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
    await expect.poll(() => page.title()).toBe(serverTitle);
    await context.close();
  });
});
