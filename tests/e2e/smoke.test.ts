/** The built site loads in a real browser and talks to the real API. */
import type { Browser } from 'playwright-core';
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

  it('serves the SPA with the site config, and the page reads the content API', async () => {
    const page = await browser.newPage();
    const apiCalls: { url: string; status: number }[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname.startsWith('/cms/')) apiCalls.push({ url: res.url(), status: res.status() });
    });
    const response = await page.goto(`${app.baseUrl}/`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    const configMeta = await page.getAttribute('meta[name="app-config"]', 'content');
    expect(JSON.parse(configMeta!)).toMatchObject({ appKey: app.appKey, apiBase: '/cms' });
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((c) => c.status === 200 || c.status === 304)).toBe(true);
    const site = (await (await fetch(`${app.baseUrl}/cms/applications/${app.appKey}`, { headers: { 'app-key': app.appKey } })).json()) as {
      data: { name: string };
    };
    await expect(page.getByText(site.data.name).first().isVisible()).resolves.toBe(true);
    await page.close();
  });
});
