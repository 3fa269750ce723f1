/**
 * What the public-site end-to-end files share: the app and a browser context (started once per
 * file), reading the public API, opening a page once the app has taken it over, and the axe check.
 * Expected texts are read from the API rather than copied from the seed, so editing the demo copy
 * does not break the tests.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect } from 'vitest';
import { appReady, e2eFixture, type RunningApp } from './harness';

export interface SiteInfo {
  name: string;
  phone: string;
  email: string;
  copyright: string;
}
export interface Named {
  id: number;
  title: string;
  slug: string;
  template?: string;
  link_url?: string | null;
}

export const site = {} as { app: RunningApp; browser: Browser; context: BrowserContext };

/** Starts the app, a browser and one context for the calling test file. */
export function useSite(): void {
  const fixture = e2eFixture();
  beforeAll(async () => {
    site.app = fixture.app;
    site.browser = fixture.browser;
    site.context = await fixture.browser.newContext();
  });
}

export async function publicGet<T>(path: string): Promise<T> {
  const res = await fetch(`${site.app.baseUrl}/cms/${path}`, { headers: { 'app-key': site.app.appKey } });
  expect(res.status, path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

export async function open(path: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const page = await site.context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${site.app.baseUrl}${path}`);
  await page.locator('main').waitFor();
  await appReady(page);
  return page;
}
