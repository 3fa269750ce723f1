/**
 * The installable, offline-capable site (issue 5) in Chromium against the real server: the
 * manifest is linked and valid, the service worker controls the page after a reload and precaches
 * the shell without admin code, pages read once (opened directly or in place) open offline from a
 * reload, a page never read says the visitor is offline, and a new service worker waiting brings up
 * the update prompt.
 *
 * The build is copied to a temporary folder (from E2E_STATIC_DIR, or `dist`), so the update test can
 * publish a changed sw.js without touching the build other tests use.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, controlledByWorker, e2eFixture, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let staticDir: string;

async function publicGet<T>(pathname: string): Promise<T> {
  const res = await fetch(`${app.baseUrl}/cms/${pathname}`, { headers: { 'app-key': app.appKey } });
  expect(res.status, pathname).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The headings of the page's content once it has rendered: what a visitor came to read. */
async function headings(page: Page): Promise<string[]> {
  await page.locator('main h1').first().waitFor();
  return (await page.locator('main h1, main h2').allTextContents()).map((t) => t.trim()).filter(Boolean);
}

async function controlledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await controlledByWorker(page);
  return page;
}

// A copy of the build, because these tests change it (a new version of the service worker).
const fixture = e2eFixture(() => {
  staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-pwa-'));
  fs.cpSync(path.resolve(process.env.E2E_STATIC_DIR ?? 'dist'), staticDir, { recursive: true });
  return { staticDir };
});

beforeAll(() => {
  ({ app, browser } = fixture);
});

afterAll(() => {
  fs.rmSync(staticDir, { recursive: true, force: true });
});

describe('installability', () => {
  it('links a valid manifest whose icons load', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await page.request.get(`${app.baseUrl}${href}`);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = await response.json();
    const site = await publicGet<{ name: string }>(`applications/${app.appKey}`);
    expect(manifest).toMatchObject({ name: site.name, start_url: '/', display: 'standalone' });
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    const purposes = new Set<string>();
    for (const icon of [...manifest.icons, ...manifest.screenshots] as { src: string; sizes: string; purpose?: string }[]) {
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
      if (icon.purpose) purposes.add(icon.purpose);
    }
    expect([...purposes].sort()).toEqual(['any', 'maskable']);
    await context.close();
  });

  it("shows 'Install app' while the browser offers installation, and makes the offer when pressed", async () => {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/`);
    await appReady(page);
    const install = page.getByRole('contentinfo').getByRole('button', { name: 'Install app' });
    expect(await install.isVisible()).toBe(false);
    // Chromium's offer, as a page sees it (headless Chromium makes none of its own).
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => void ((window as { prompted?: boolean }).prompted = true),
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      });
      window.dispatchEvent(offer);
    });
    await install.click();
    await expect.poll(() => page.evaluate(() => (window as { prompted?: boolean }).prompted)).toBe(true);
    // An offer is used once: the button goes.
    await expect.poll(() => install.isVisible()).toBe(false);
    await context.close();
  });

  it('controls the page after a reload and precaches the shell without admin code', async () => {
    const context = await browser.newContext();
    const page = await controlledPage(context);
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
      const cache = await caches.open(name!);
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
    // The shell opens any URL offline, so it is the empty document, not the server-rendered home.
    expect(precached).toContain('/app-shell');
    expect(precached).not.toContain('/');
    expect(precached.some((url) => /^\/assets\/index-.*\.js$/.test(url))).toBe(true);
    expect(precached.some((url) => /^\/assets\/islands-.*\.js$/.test(url))).toBe(true);
    expect(precached.filter((url) => /AdminRoot|EntityForm|MediaPicker|admin-call/.test(url))).toEqual([]);
    await context.close();
  });
});

describe('what the service worker keeps (issue #53, H1)', () => {
  it('keeps visitors’ reads, never an admin answer however spelled, nor anything asked with a token', async () => {
    const context = await browser.newContext();
    const page = await controlledPage(context);
    const login = await fetch(`${app.baseUrl}/cms/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: app.adminEmail, password: app.adminPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const asked = await page.evaluate(
      async ({ token, appKey }) => {
        const ask = (url: string, headers: Record<string, string>) =>
          fetch(url, { headers: { 'app-key': appKey, ...headers } }).then((res) => res.status);
        return {
          staff: await ask('/cms/%61pi/users?x=1', { authorization: `Bearer ${token}`, app_key: appKey }),
          staffPublic: await ask('/cms/faqs?asked=staff', { authorization: `Bearer ${token}` }),
          visitor: await ask('/cms/sliders', {}),
        };
      },
      { token, appKey: app.appKey },
    );
    expect(asked).toEqual({ staff: 200, staffPublic: 200, visitor: 200 });
    const kept = () =>
      page.evaluate(async () => {
        const cache = await caches.open('cms-reads');
        return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
      });
    await expect.poll(kept).toContain('/cms/sliders');
    expect(await kept()).not.toContain('/cms/%61pi/users?x=1');
    expect(await kept()).not.toContain('/cms/faqs?asked=staff');
    // Offline, a visitor's read of that address finds nothing on the device.
    await context.setOffline(true);
    const offline = await page.evaluate(() =>
      fetch('/cms/%61pi/users?x=1').then(
        (res) => res.status,
        () => 'no answer',
      ),
    );
    expect(offline).not.toBe(200);
    await context.close();
  });
});

describe('offline', () => {
  it('reloads pages read once, and says offline for a page never read', async () => {
    const context = await browser.newContext();
    const page = await controlledPage(context);
    const [post] = (await publicGet<{ data: { slug: string }[] }>('posts?page=1&size=1')).data;
    const urls = ['/', '/about', `/news/${post!.slug}`, '/gallery'];

    const online = new Map<string, string[]>();
    // The pages the service worker keeps: opened directly, and opened in place by the navigator.
    const kept = () =>
      page.evaluate(async () => {
        const cache = await caches.open('pages');
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      });
    for (const url of urls.filter((url) => url !== '/about')) {
      await page.goto(`${app.baseUrl}${url}`);
      online.set(url, await headings(page));
      await expect.poll(kept).toContain(url);
    }
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'About Us' }).click();
    await page.waitForURL(`${app.baseUrl}/about`);
    online.set('/about', await headings(page));
    await expect.poll(kept).toContain('/about');

    // A page read online says so when the connection drops (its notice wakes then, its code from the worker).
    await context.setOffline(true);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'You are offline.' }).count()).toBe(1);
    for (const url of urls) {
      await page.goto(`${app.baseUrl}${url}`);
      expect(await headings(page), url).toEqual(online.get(url));
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'You are offline.' }).count()).toBe(1);
    }

    const started = Date.now();
    await page.goto(`${app.baseUrl}/`);
    await page.locator('main h1').first().waitFor();
    console.log(`offline reload of / to content: ${Date.now() - started} ms`);

    const reads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/cms/') && request.url().includes('never-visited')) reads.push(request.url());
    });
    await page.goto(`${app.baseUrl}/never-visited-page`);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'You are offline.' }).count()).toBe(1);
    // The page itself explains, inside the site's layout, instead of showing an error.
    await page.getByRole('heading', { level: 1, name: 'You are offline' }).waitFor();
    // At once: the read was tried once and not retried with backoff (a blank screen meanwhile).
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    // In the document's language: the demo is written in English and Bangla.
    expect(reads).toEqual([`${app.baseUrl}/cms/pages/never-visited-page?locale=en`]);
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    await context.close();
  });
});

describe('updates', () => {
  const waitingState = (page: Page) =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return JSON.stringify({ waiting: registration?.waiting?.state, active: registration?.active?.state });
    });
  /** Presses the prompt's Reload and waits for the document to be a new one. */
  async function reloadsOnPress(page: Page): Promise<void> {
    const before = await page.evaluate(() => performance.timeOrigin);
    await page
      .getByRole('status')
      .filter({ hasText: 'A new version is available' })
      .getByRole('button', { name: 'Reload' })
      .click();
    try {
      await page.waitForFunction((origin) => performance.timeOrigin !== origin, before);
    } catch (error) {
      throw new Error(`Reload did not reload the page; the worker then: ${await waitingState(page)}`, { cause: error });
    }
    await page.locator('main h1').first().waitFor();
  }

  it('offers a new version with Reload when a new service worker is waiting, in every open tab', async () => {
    const context = await browser.newContext();
    const page = await controlledPage(context);
    const other = await context.newPage();
    await other.goto(`${app.baseUrl}/about`);
    await controlledByWorker(other);
    const prompt = (tab: Page) => tab.getByRole('status').filter({ hasText: 'A new version is available' });
    expect(await prompt(page).count()).toBe(0);

    // A release changes sw.js (its precache list); any byte change makes the browser install it.
    fs.appendFileSync(path.join(staticDir, 'sw.js'), `\n// release ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())!.update();
    });
    await prompt(page).waitFor();
    await prompt(other).waitFor();

    await reloadsOnPress(page);
    await expect.poll(() => waitingState(page)).toBe(JSON.stringify({ active: 'activated' }));
    expect(await prompt(page).count()).toBe(0);
    // The other tab still offers it; by now the new version has taken over, and Reload shows it.
    await reloadsOnPress(other);
    expect(await prompt(other).count()).toBe(0);
    await context.close();
  });
});
