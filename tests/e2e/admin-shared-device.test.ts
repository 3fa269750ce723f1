/**
 * One computer, two staff members (#53 L8), in Chromium against the real server: a save A made
 * offline is never sent with B's session. Signing out with it unsent asks first and discards it;
 * a session that simply ended (expired) leaves it held for A, unsent under B, and A's next
 * sign-in sends it with A's own session.
 */
import type { BrowserContext, Page, Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { controlledByWorker, e2eFixture, goOffline, goOnline, offlineCapableContext, type RunningApp } from './harness';

const fixture = e2eFixture();
let app: RunningApp;
const stamp = Date.now().toString(36);

interface Person {
  email: string;
  password: string;
  id: number;
}
let a: Person;
let b: Person;

beforeAll(async () => {
  app = fixture.app;
  const me = await app.api<{ data: { id: number } }>('GET', 'me');
  a = { email: app.adminEmail, password: app.adminPassword, id: me.body.data.id };
  const password = 'editor-e2e-password';
  const email = `editor-${stamp}@example.org`;
  const made = await app.api<{ data: { id: number } }>('POST', 'users', {
    email,
    name: 'The next person',
    password,
    confirm_password: password,
    role: 'editor',
    sites: app.appKey,
  });
  expect(made.status).toBe(201);
  b = { email, password, id: made.body.data.id };
});

async function signIn(page: Page, person: Person, remember = false): Promise<void> {
  await page.getByLabel('Email or phone').fill(person.email);
  await page.locator('input[name="password"]').fill(person.password);
  if (remember) await page.getByLabel('Remember Me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

/** FAQs with this exact title, as the admin API lists them. */
const faqsTitled = async (title: string) =>
  (
    await app.api<{ data: { data: { faq_title: string }[] } }>('GET', `faqs?size=100&search_key=${encodeURIComponent(title)}`)
  ).body.data.data.filter((r) => r.faq_title === title).length;

/** Who created FAQs, by the server's activity log. */
const faqCreators = async () =>
  (
    await app.api<{ data: { data: { user_id: number | null }[] } }>('GET', 'activity?entity=faqs&action=create&size=100')
  ).body.data.data.map((entry) => entry.user_id);

/** The Authorization header of every FAQ save sent from the browser context (every tab of it). */
function faqSaves(context: BrowserContext): string[] {
  const sent: string[] = [];
  context.on('request', (request: Request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/cms/api/faqs') {
      sent.push(request.headers().authorization ?? '');
    }
  });
  return sent;
}

/** Writes a new FAQ and presses Save while the page is offline: the save waits on the device. */
async function saveWhileOffline(page: Page, title: string, goOff: () => Promise<void>): Promise<void> {
  await page.goto(`${app.baseUrl}/admin/faq/form`);
  await page.locator('[name="faq_title"]').fill(title);
  await goOff();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Waiting for connection…').first().waitFor();
  await expect
    .poll(() => page.evaluate((text) => (localStorage.getItem('orgsite-query-cache') ?? '').includes(text), title))
    .toBe(true);
}

describe('queued saves on a shared computer', () => {
  it('signing out with a save unsent asks first, discards it, and the next person never sends it', async () => {
    const title = `Shared device, signed out ${stamp}`;
    const context = await offlineCapableContext(fixture.browser, { viewport: { width: 1280, height: 900 } });
    try {
      const sent = faqSaves(context);
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/admin`);
      await signIn(page, a);
      // Offline, the sign-in screen the sign-out leads to comes from the service worker's copy.
      await controlledByWorker(page);
      await saveWhileOffline(page, title, () => goOffline(context));

      await page.getByRole('button', { name: 'Logout' }).click();
      const question = page.getByRole('dialog', { name: 'Not sent yet' });
      await question.getByText('1 change has not been sent yet. Sign out and discard it?').waitFor();
      await question.getByRole('button', { name: 'Sign out and discard' }).click();
      await expect
        .poll(() => page.evaluate(() => sessionStorage.getItem('auth_token') ?? localStorage.getItem('auth_token')))
        .toBeNull();
      // Nothing of A's save is left on the device for a reload to send.
      expect(await page.evaluate((text) => (localStorage.getItem('orgsite-query-cache') ?? '').includes(text), title)).toBe(
        false,
      );

      await goOnline(context);
      await page.goto(`${app.baseUrl}/admin`);
      await signIn(page, b);
      // Reads made as B have come back since the connection returned: a save resumed with it would have gone too.
      await page.getByRole('button', { name: 'Logout' }).waitFor();
      await page.waitForTimeout(2_000);
      expect(sent).toEqual([]);
      expect(await faqsTitled(title)).toBe(0);
      expect(await faqCreators()).not.toContain(b.id);
    } finally {
      await context.close();
    }
  });

  it('a session that ended without signing out leaves the save held for its owner: never sent with the next person’s session', async () => {
    const title = `Shared device, expired ${stamp}`;
    // No service worker: each tab's document comes from the server, as on a first visit.
    const context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    try {
      // A's tab, signed in for this tab only, loses its connection (its own, not the other tab's).
      const sent = faqSaves(context);
      const tabA = await context.newPage();
      const network = await context.newCDPSession(tabA);
      const setOffline = (offline: boolean) =>
        network.send('Network.emulateNetworkConditions', { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await tabA.goto(`${app.baseUrl}/admin`);
      await signIn(tabA, a);
      const tokenA = await tabA.evaluate(() => sessionStorage.getItem('auth_token'));
      expect(tokenA).not.toBeNull();
      await saveWhileOffline(tabA, title, async () => {
        await setOffline(true);
        await tabA.waitForFunction(() => !navigator.onLine);
      });

      // A's session ends as an expiry leaves it: the token and the staff hint gone, nobody signed out.
      await tabA.evaluate(() => {
        sessionStorage.removeItem('auth_token');
        sessionStorage.removeItem('auth_owner');
        document.cookie = 'orgsite_staff=;path=/;max-age=0';
      });

      // B signs in on the same computer, in another tab, remembered (the session every tab reads).
      // That tab restores A's save from the device too.
      const tabB = await context.newPage();
      await tabB.goto(`${app.baseUrl}/admin`);
      await signIn(tabB, b, true);
      expect(await tabA.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();

      // A's tab gets its connection back, now with B's session stored: A's save stays where it is.
      await setOffline(false);
      await tabA.waitForFunction(() => navigator.onLine);
      await tabA.waitForTimeout(2_000);
      expect(sent).toEqual([]);
      expect(await faqsTitled(title)).toBe(0);
      expect(await faqCreators()).not.toContain(b.id);
      // Nor is it B's to see: B's outbox is empty.
      expect(await tabB.getByRole('button', { name: /waiting for the connection/ }).count()).toBe(0);

      // Kept, not lost: B signs out (nothing of theirs waits, so nothing is asked) and A signs in again.
      await tabB.getByRole('button', { name: 'Logout' }).click();
      await tabB.getByRole('heading', { name: 'Admin sign in' }).waitFor();
      await signIn(tabB, a, true);
      await expect.poll(() => faqsTitled(title), { timeout: 20_000 }).toBe(1);
      const tokenAgain = await tabB.evaluate(() => localStorage.getItem('auth_token'));
      // Each tab holding it may send it (the idempotency key makes one record): only ever as A.
      expect(sent.length).toBeGreaterThan(0);
      expect(new Set(sent)).toEqual(new Set([`Bearer ${tokenAgain}`]));
      expect(await faqCreators()).not.toContain(b.id);
      expect(await faqCreators()).toContain(a.id);
    } finally {
      await context.close();
    }
  });
});
