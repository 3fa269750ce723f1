/**
 * A visitor's words are never lost (issue 28), for each public form (the contact form and the
 * footer's subscribe box), in Chromium at phone width against the real server:
 * - sent before its island woke, on emulated Slow 4G (the page's scripts held back, so the plain
 *   form post is what is tested, whatever the machine's speed);
 * - sent with JavaScript off, and refused there with the visitor's words kept;
 * - sent offline and kept on the device, then sent once when the connection returns;
 * - typed before the island woke: waking keeps the text, the focus and the caret.
 * Each ends with exactly one stored row, counted through the admin API.
 */
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, controlledByWorker, e2eFixture, goOffline, goOnline, offlineCapableContext } from './harness';

const fixture = e2eFixture();
const PHONE = { width: 412, height: 900 };
/** Chromium DevTools' Slow 4G preset. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6e6 * 0.9) / 8, uploadThroughput: (750e3 * 0.9) / 8 };
const SAVED = 'Saved on this device. It will be sent when you are back online.';

interface FormCase {
  path: string;
  /** The form element (usePublicForm gives it this id). */
  id: string;
  button: string;
  confirmation: string;
  /** Fills the form with words that mark this run (`email` may be made invalid). */
  fill(page: Page, marker: string, email?: string): Promise<void>;
  /** Rows stored for `marker`, through the admin API. */
  stored(marker: string): Promise<number>;
}

const countRows = async (resource: string, marker: string) => {
  const { status, body } = await fixture.app.api<{ data: { total: number } }>(
    'GET',
    `${resource}?search_key=${encodeURIComponent(marker)}`,
  );
  expect(status).toBe(200);
  return body.data.total;
};

const FORMS: Record<'contact' | 'subscribe', FormCase> = {
  contact: {
    path: '/contact',
    id: '#contact-form',
    button: 'Send Message',
    confirmation: 'Thank you for writing to us. We will get back to you soon.',
    async fill(page, marker, email = `${marker}@example.org`) {
      const form = page.locator(this.id);
      await form.locator('[name=name]').fill('Rahima Begum');
      await form.locator('[name=email]').fill(email);
      await form.locator('[name=message]').fill(`When does the next training start? (${marker})`);
    },
    stored: (marker) => countRows('messages', marker),
  },
  subscribe: {
    path: '/',
    id: '#subscribe-form',
    button: 'Subscribe',
    confirmation: 'Thank you for subscribing!',
    async fill(page, marker, email = `${marker}@example.org`) {
      await page.locator(this.id).locator('[name=email]').fill(email);
    },
    stored: (marker) => countRows('subscribers', marker),
  },
};

let runs = 0;
const newMarker = (name: string) => `${name}${Date.now().toString(36)}${(runs++).toString(36)}`;

async function phoneContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return offlineCapableContext(fixture.browser, { viewport: PHONE, ...options });
}

/** Holds the page's scripts back until `release()`: the islands cannot wake before that. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.js(\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}

async function slow4g(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
}

/** Posts the page sent (what the issue saw missing: a reload to `/contact?` and no POST at all). */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname + new URL(request.url()).search);
  });
  return posts;
}

/**
 * Clicks as a visitor can: once the page is drawn. A fresh-clone CI run once saw this click wait
 * 30 s for a frame that never came (the element was there and enabled; Playwright's stability check
 * counts animation frames, and a page paints only once its head's stylesheets are in). If it
 * happens again, the failure names what the page was still waiting for.
 */
async function clickOnceDrawn(page: Page, target: Locator): Promise<void> {
  try {
    await target.click({ timeout: 30_000 });
  } catch (error) {
    const waiting = await page.evaluate(() => {
      const arrived = new Set(performance.getEntriesByType('resource').map((entry) => entry.name));
      const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((link) => link.href);
      return { readyState: document.readyState, stylesheetsNotIn: sheets.filter((href) => !arrived.has(href)) };
    });
    throw new Error(`${(error as Error).message}\nThe page then: ${JSON.stringify(waiting)}`, { cause: error });
  }
}

describe.each(Object.entries(FORMS))('the %s form', (name, form) => {
  it('sent before its island wakes, on Slow 4G, is stored once and confirmed', async () => {
    const context = await phoneContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await slow4g(page);
    const release = await holdScripts(page);
    const posts = postsOf(page);
    const marker = newMarker(name);
    await page.goto(`${fixture.app.baseUrl}${form.path}`, { waitUntil: 'commit' });
    await form.fill(page, marker);
    expect(await page.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
    await clickOnceDrawn(page, page.locator(form.id).getByRole('button', { name: form.button }));
    // The page's scripts never ran: the answer is the plain post's (its load waits for nothing).
    await page.waitForURL(`**${form.path}?sent=${name}#${name}-form`, { waitUntil: 'commit' });
    expect(posts).toEqual([`${form.path}?form=${name}`]);
    await expect.poll(() => page.locator(form.id).getByText(form.confirmation).isVisible()).toBe(true);
    release();
    expect(await form.stored(marker)).toBe(1);
    await context.close();
  });

  it('works with JavaScript off: stored once, and a refusal keeps every word beside its error', async () => {
    const context = await phoneContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const marker = newMarker(name);
    await page.goto(`${fixture.app.baseUrl}${form.path}`);
    await form.fill(page, marker, `${marker}@`);
    await page.locator(form.id).getByRole('button', { name: form.button }).click();
    await page.waitForURL(`**?form=${name}#${name}-form`);
    const refused = page.locator(form.id);
    await expect
      .poll(() => refused.getByText('Please enter a valid email address, for example name@example.com.').count())
      .toBe(1);
    expect(await refused.locator('[name=email]').inputValue()).toBe(`${marker}@`);
    if (name === 'contact') {
      expect(await refused.locator('[name=name]').inputValue()).toBe('Rahima Begum');
      expect(await refused.locator('[name=message]').inputValue()).toContain(marker);
    }
    expect(await form.stored(marker)).toBe(0);

    await refused.locator('[name=email]').fill(`${marker}@example.org`);
    await refused.getByRole('button', { name: form.button }).click();
    await page.waitForURL(`**?sent=${name}#${name}-form`);
    await expect.poll(() => page.locator(form.id).getByText(form.confirmation).isVisible()).toBe(true);
    expect(await form.stored(marker)).toBe(1);

    // The browser sending the same post again (a reload of the answer, a double press): one row.
    const again = await page.request.post(`${fixture.app.baseUrl}${form.path}?form=${name}`, {
      form: {
        email: `${marker}@example.org`,
        ...(name === 'contact' ? { name: 'Rahima Begum', message: `When does the next training start? (${marker})` } : {}),
      },
      maxRedirects: 0,
    });
    expect(again.status()).toBe(303);
    expect(await form.stored(marker)).toBe(1);
    await context.close();
  });

  it('typed before the island wakes: waking keeps the words, the focus and the caret', async () => {
    const context = await phoneContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const release = await holdScripts(page);
    const marker = newMarker(name);
    await page.goto(`${fixture.app.baseUrl}${form.path}`, { waitUntil: 'commit' });
    await form.fill(page, marker);
    // Where the visitor is: the caret in the message, or the focus in the address (an email
    // field has no caret to read).
    const field = page.locator(form.id).locator(name === 'contact' ? '[name=message]' : '[name=email]');
    const typed = await field.inputValue();
    await field.focus();
    const caret = name === 'contact' ? 4 : null;
    if (caret !== null) await field.evaluate((input: HTMLTextAreaElement, at) => input.setSelectionRange(at, at), caret);
    release();
    await appReady(page);
    // The subscribe box wakes when it nears the viewport or is touched: it was focused.
    // React has taken the form over (hydrated it) once its node carries React's own keys. Waking
    // took over a second on this 2-core machine under load (the default wait of expect.poll).
    await expect
      .poll(
        () => page.locator(form.id).evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    expect(await field.inputValue()).toBe(typed);
    expect(await field.evaluate((input) => document.activeElement === input)).toBe(true);
    if (caret !== null) expect(await field.evaluate((input: HTMLTextAreaElement) => input.selectionStart)).toBe(caret);
    // The island answers now: a submit is a fetch, not a page load, and lands once.
    const url = page.url();
    await page.locator(form.id).getByRole('button', { name: form.button }).dblclick();
    await expect.poll(() => page.locator(form.id).getByText(form.confirmation).isVisible()).toBe(true);
    expect(page.url()).toBe(url);
    expect(await form.stored(marker)).toBe(1);
    await context.close();
  });

  it('sent offline: kept on the device, said so, then sent once when the connection returns', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto(`${fixture.app.baseUrl}${form.path}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await controlledByWorker(page);
    await appReady(page);
    const marker = newMarker(name);
    await goOffline(context);
    await form.fill(page, marker);
    await page.locator(form.id).getByRole('button', { name: form.button }).click();
    await expect.poll(() => page.locator(form.id).getByText(SAVED).isVisible()).toBe(true);
    expect(await form.stored(marker)).toBe(0);

    await goOnline(context);
    await expect.poll(() => form.stored(marker), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'has been sent' }).count(), { timeout: 20_000 }).toBe(1);
    // The form itself now says what a sent one says.
    await expect.poll(() => page.locator(form.id).getByText(form.confirmation).isVisible()).toBe(true);
    expect(await page.locator(form.id).getByText(SAVED).count()).toBe(0);
    // Sent once: neither the page nor the service worker sends it again.
    await page.reload();
    await appReady(page);
    await page.waitForTimeout(500);
    expect(await form.stored(marker)).toBe(1);
    await context.close();
  });

  it('a plain post made offline is kept by the service worker and sent once online', async () => {
    const context = await phoneContext();
    const page = await context.newPage();
    await page.goto(`${fixture.app.baseUrl}${form.path}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await controlledByWorker(page);
    await appReady(page);
    const marker = newMarker(name);
    await goOffline(context);
    // The device's line itself is cut, not only its pages told: a request no emulation reaches fails.
    await expect(context.request.get(`${fixture.app.baseUrl}/`)).rejects.toThrow();
    await form.fill(page, marker);
    // The form's own post, as before its island woke (submit() fires no submit event for React).
    await page.locator(form.id).evaluate((element: HTMLFormElement) => element.submit());
    await page.waitForURL(`**?saved=${name}#${name}-form`);
    await expect.poll(() => page.locator(form.id).getByText(SAVED).isVisible()).toBe(true);
    expect(await form.stored(marker)).toBe(0);

    await goOnline(context);
    await expect.poll(() => form.stored(marker), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'has been sent' }).count(), { timeout: 20_000 }).toBe(1);
    await context.close();
  });
});
