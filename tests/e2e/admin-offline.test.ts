/**
 * Offline saves in the admin (Chromium, real server): a save made without a connection waits,
 * can be cancelled, survives a reload, and lands exactly once. A file of its own, with its own
 * browser context, so that a failure here never leaves the other admin tests offline.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { controlledByWorker, e2eFixture, goOffline, goOnline, offlineCapableContext, type RunningApp } from './harness';

let app: RunningApp;
let context: BrowserContext;
let page: Page;
const stamp = Date.now().toString(36);

const go = (path: string) => page.goto(`${app.baseUrl}${path}`);
const field = (name: string) => page.locator(`[name="${name}"]`);

const fixture = e2eFixture();

beforeAll(async () => {
  app = fixture.app;
  context = await offlineCapableContext(fixture.browser, { viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  await go('/admin');
  await page.getByLabel('Email or phone').fill(app.adminEmail);
  await page.locator('input[name="password"]').fill(app.adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  // Reloading offline needs the service worker, which installs in the background on the first visit,
  // and the back-office's files (the header's list of waiting saves among them), which it keeps
  // after sign-in: what these tests go offline with.
  await controlledByWorker(page);
  await page.waitForFunction(() => document.documentElement.dataset.backOffice === 'kept', null, { timeout: 30_000 });
});

afterEach(async () => {
  await goOnline(context);
});

describe('offline saves', () => {
  /** Sliders with this exact title, as the admin API lists them. */
  const slidersTitled = async (title: string) =>
    (
      await app.api<{ data: { data: { title: string }[] } }>('GET', `sliders?size=100&search_key=${encodeURIComponent(title)}`)
    ).body.data.data.filter((r) => r.title === title).length;

  const faqsTitled = async (title: string) =>
    (
      await app.api<{ data: { data: { faq_title: string }[] } }>('GET', `faqs?size=100&search_key=${encodeURIComponent(title)}`)
    ).body.data.data.filter((r) => r.faq_title === title).length;

  /** True once the offline save of `title` is in the persisted query cache (what a reload reads). */
  const savePersisted = (title: string) =>
    page.evaluate((text) => (localStorage.getItem('orgsite-query-cache') ?? '').includes(text), title);

  it('a save made offline waits for the connection and then lands exactly once', async () => {
    const title = `E2E offline ${stamp}`;
    await go('/admin/slider/form');
    await field('title').fill(title);
    await goOffline(context);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Waiting for connection…').first().waitFor();
    expect(await slidersTitled(title)).toBe(0);
    await goOnline(context);
    await page.getByText('Success! Data updated successfully.').waitFor();
    expect(await slidersTitled(title)).toBe(1);
  });

  it('Cancel while waiting for the connection stops the save: it never lands, and the typing stays', async () => {
    const title = `E2E cancelled ${stamp}`;
    await go('/admin/slider/form');
    await field('title').fill(title);
    await goOffline(context);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // The form's own notice (a toast says the same): the state the machine is in, with its Cancel.
    const waiting = page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Cancel' }) });
    await waiting.waitFor();
    await expect.poll(() => savePersisted(title)).toBe(true);
    await waiting.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Saving was cancelled; your changes are still here.').waitFor();
    expect(await field('title').inputValue()).toBe(title);
    // Nothing is left to replay after a reload either.
    await expect.poll(() => savePersisted(title)).toBe(false);
    await goOnline(context);
    // Saved again by hand, it lands once: the cancelled attempt did not come back with the connection.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Success! Data updated successfully.').waitFor();
    expect(await slidersTitled(title)).toBe(1);
  });

  it('a save made offline survives a reload and lands exactly once when the connection returns', async () => {
    const title = `E2E offline reload ${stamp}`;
    await go('/admin/slider/form');
    await field('title').fill(title);
    await goOffline(context);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Waiting for connection…').first().waitFor();
    await expect.poll(() => savePersisted(title)).toBe(true);
    await page.reload();
    await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
    // Not checked here that nothing landed: in Chromium the document a reload replaces may send
    // what it holds past the emulated offline state as it goes (no device without a network can).
    // That a save waiting offline does not land is the first test's; this one's is that it
    // survives the reload and lands once.
    await goOnline(context);
    await expect.poll(() => slidersTitled(title), { timeout: 20_000 }).toBe(1);
    // Once landed, the save leaves storage: nothing remains that could be sent a second time.
    await expect.poll(() => savePersisted(title)).toBe(false);
    expect(await slidersTitled(title)).toBe(1);
  });

  it('after a reload offline, the header shows what waits, opens what was typed, and confirms the landing', async () => {
    const title = `E2E outbox ${stamp}`;
    await go('/admin/faq/form');
    await field('faq_title').fill(title);
    await goOffline(context);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Waiting for connection…').first().waitFor();
    await expect.poll(() => savePersisted(title)).toBe(true);
    await page.reload();

    // Offline is said calmly, never as a failure, and the pending save is in the header.
    await page.getByText('Offline: showing what this device has').waitFor();
    expect(await page.getByText(/failed/i).count()).toBe(0);
    const outbox = page.getByRole('button', { name: '1 save waiting for the connection' });
    await outbox.click();
    await page.getByRole('menuitem', { name: `New faq “${title}”` }).click();
    await page.getByRole('heading', { name: 'New FAQ', level: 1 }).waitFor();
    await page.getByText(/kept on this device and will be saved once/).waitFor();
    await page.getByText(title, { exact: true }).waitFor();

    await goOnline(context);
    await page.getByText('Saved: new faq').waitFor({ timeout: 20_000 });
    await page.getByText('This faq has reached the server.').waitFor();
    await outbox.waitFor({ state: 'detached' });
    expect(await faqsTitled(title)).toBe(1);
  });

  it('a translation made offline waits, survives a reload and lands once in its language', async () => {
    const created = await app.api<{ data: { id: number } }>('POST', 'pages', { title: `Offline translated ${stamp}`, status: 1 });
    const id = created.body.data.id;
    await go(`/admin/page/form/${id}`);
    await page.getByRole('heading', { name: 'Edit Page', exact: true }).waitFor();
    await page.getByRole('radiogroup', { name: 'Language of the text' }).getByText('বাংলা', { exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Page (বাংলা)' }).waitFor();
    expect(new URL(page.url()).searchParams.get('locale')).toBe('bn');
    // The default language's text stands beside the field, for reference.
    await page.getByText(`English: Offline translated ${stamp}`).waitFor();
    await goOffline(context);
    await field('title').fill('অফলাইনে অনুবাদ');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Waiting for connection…').first().waitFor();
    await expect.poll(() => savePersisted('অফলাইনে অনুবাদ')).toBe(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Edit Page (বাংলা)' }).waitFor();
    await goOnline(context);
    const translation = () =>
      app.api<{ data: { title?: string; version: number } }>('GET', `pages/${id}?locale=bn`).then((r) => r.body.data);
    await expect.poll(async () => (await translation()).title, { timeout: 20_000 }).toBe('অফলাইনে অনুবাদ');
    // Once: the translation's first version; the record itself is untouched.
    expect((await translation()).version).toBe(1);
    const record = (await app.api<{ data: { title: string; version: number } }>('GET', `pages/${id}`)).body.data;
    expect(record).toMatchObject({ title: `Offline translated ${stamp}`, version: 1 });
  });

  it('once signed in, a back-office screen never opened on this device still opens offline', async () => {
    // The worker keeps every back-office file after sign-in (sw.ts) and says when it has them.
    await page.waitForFunction(() => document.documentElement.dataset.backOffice === 'kept', null, { timeout: 30_000 });
    await goOffline(context);
    await go('/admin/career');
    await page.getByRole('heading', { name: 'Careers', level: 1 }).waitFor();
    await page.getByText('Offline: showing what this device has').waitFor();
    expect(await page.getByText('Something went wrong!').count()).toBe(0);
  });
});

describe('a back-office screen this device has not kept', () => {
  it('says it opens once back online, and opens by itself when the connection returns', async () => {
    // A device that has only visited the public site: the worker has none of the back-office's files.
    const fresh = await offlineCapableContext(fixture.browser, { viewport: { width: 1280, height: 900 } });
    try {
      const other = await fresh.newPage();
      await other.goto(`${app.baseUrl}/`);
      await controlledByWorker(other);
      await goOffline(fresh);
      await other.goto(`${app.baseUrl}/admin/career`);
      await other.getByRole('heading', { name: 'You are offline' }).waitFor();
      await goOnline(fresh);
      await other.getByLabel('Email or phone').waitFor({ timeout: 20_000 });
    } finally {
      await fresh.close();
    }
  });
});
