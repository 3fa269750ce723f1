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

  /** The API reads a page makes (the analytics beacon is a write, and is allowed). */
  const recordApiCalls = (page: Page) => {
    const calls: { path: string; status: number }[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith('/cms/') && res.request().method() === 'GET')
        calls.push({ path: url.pathname + url.search, status: res.status() });
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

  it('islands run code only when wanted: the menu of the other width never, the burger and the sign-in form on the first touch (their code fetched ahead)', async () => {
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    /** Files asked for as scripts to run, not fetched ahead (a prefetch is not one). */
    const run: string[] = [];
    page.on('request', (request) => {
      scripts.push(new URL(request.url()).pathname);
      if (request.resourceType() === 'script') run.push(new URL(request.url()).pathname);
    });
    const loaded = (chunk: string) => scripts.some((path) => path.startsWith(`/assets/${chunk}-`));
    const ran = (chunk: string) => run.some((path) => path.startsWith(`/assets/${chunk}-`));

    // A phone that only reads: the burger's code is fetched ahead, the full menu's (hidden below
    // 992 px) never; no island runs, so neither does React (nor the install button and the
    // connection notices, which have nothing to say).
    await page.goto(`${app.baseUrl}/`, { waitUntil: 'networkidle' });
    await appReady(page);
    expect([loaded('MobileMenu'), loaded('MegaMenu')]).toEqual([true, false]);
    expect([loaded('react-island'), ran('react-island'), loaded('install-button'), loaded('PublicPwaStatus')]).toEqual([
      true,
      false,
      false,
      false,
    ]);
    // An English page's one Bangla word (the switcher's) comes with its few letters, not the whole Bengali set.
    expect([loaded('noto-sans-bengali-name-regular'), loaded('noto-sans-bengali-regular')]).toEqual([true, false]);
    // The tap that wakes the burger also opens it: its click is held until the menu answers.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Contact' }).first().waitFor();
    expect(ran('react-island')).toBe(true);
    // One stylesheet for the page, and none added as the burger's code (which imports its parts) ran.
    expect(scripts.filter((path) => path.endsWith('.css'))).toEqual([expect.stringMatching(/^\/assets\/public-[\w-]+\.css$/)]);
    const sheets = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].map((link) => link.href),
    );
    expect(sheets).toEqual([expect.stringMatching(/\/assets\/public-[\w-]+\.css$/)]);
    // A desktop: the other way round.
    await page.setViewportSize({ width: 1280, height: 800 });
    scripts.length = 0;
    await page.goto(`${app.baseUrl}/contact`, { waitUntil: 'networkidle' });
    await appReady(page);
    expect([loaded('MegaMenu'), loaded('MobileMenu')]).toEqual([true, false]);

    // The sign-in screen: its code is fetched, not run, until someone reaches into the form.
    scripts.length = 0;
    await page.goto(`${app.baseUrl}/admin`, { waitUntil: 'networkidle' });
    await appReady(page);
    expect(loaded('SignInIsland')).toBe(true);
    // Until its code runs, the browser's own check guards the form (the button is never dead);
    // once it runs, the screen's own messages do.
    const browserChecks = () => page.locator('input[name="identifier"]').getAttribute('required');
    await page.waitForTimeout(300);
    await expect(browserChecks()).resolves.toBe('');
    await page.getByLabel('Email or phone').pressSequentially('staff@example.org');
    await expect.poll(browserChecks).toBe(null);
    await expect(page.getByLabel('Email or phone').inputValue()).resolves.toBe('staff@example.org');

    // Typed into before the page's code arrived (held back here): the first touch is over, so
    // the code runs as soon as it is there, and keeps the words.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/islands-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.baseUrl}/admin`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email or phone').fill('early@example.org');
    await page.locator('input[name="password"]').fill('typed-early');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    release();
    await appReady(page);
    await expect.poll(browserChecks).toBe(null);
    await expect(page.getByLabel('Email or phone').inputValue()).resolves.toBe('early@example.org');
    await page.unrouteAll();

    // Ticked while the form's own code is still on its way (the page's is here, so clicks are
    // watched): the box ticks under the finger, not a moment later, and the form keeps the tick.
    let releaseForm = () => {};
    const formHeld = new Promise<void>((resolve) => (releaseForm = resolve));
    await page.route('**/assets/SignInIsland-*.js', async (route) => {
      await formHeld;
      await route.continue();
    });
    await page.goto(`${app.baseUrl}/admin`, { waitUntil: 'load' });
    await page.getByLabel('Email or phone').fill(app.adminEmail);
    await page.getByLabel('Remember Me').check();
    releaseForm();
    await expect.poll(browserChecks).toBe(null);
    await expect(page.getByLabel('Remember Me').isChecked()).resolves.toBe(true);
    await page.locator('input[name="password"]').fill(app.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // Remembered: the session is the device's, not the tab's.
    await expect(page.evaluate(() => localStorage.getItem('auth_token'))).resolves.not.toBeNull();
    await page.unrouteAll();
    await page.evaluate(() => localStorage.clear());

    // A stored session keeps the drawn form hidden until the code decides: nothing can be
    // touched, so it runs at once.
    await page.evaluate(() => {
      localStorage.setItem('auth_token', 'a-stored-session');
      sessionStorage.setItem('orgsite_reopened', '1');
    });
    await context.clearCookies();
    await page.goto(`${app.baseUrl}/admin`);
    await appReady(page);
    await expect.poll(browserChecks).toBe(null);
    await expect(page.getByRole('heading', { name: 'Admin sign in' }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});
