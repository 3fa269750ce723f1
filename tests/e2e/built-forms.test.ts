/**
 * A form staff built (issue 60), put on a page by a `form` section, sent by a visitor in Chromium
 * against the real server: with JavaScript on (the island sends it, the page stays), with
 * JavaScript off (the plain post, refused with the words kept, then stored), and offline with a
 * file (kept on the device with the file through a reload, then sent once). Each ends with exactly
 * one stored entry, counted through the admin API, and the confirmation shown.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/shared/built-forms';
import { siteBn } from '../../src/shared/messages/site-bn';
import { appReady, controlledByWorker, e2eFixture, goOffline, goOnline, offlineCapableContext } from './harness';

const fixture = e2eFixture();
const PATH = '/training-registration';
const CONFIRMATION = 'Thank you. See you at the training.';

const FIELDS = [
  { name: 'full_name', kind: 'text', label: 'Your name', required: true },
  { name: 'email', kind: 'email', label: 'Email', required: true },
  { name: 'age', kind: 'number', label: 'Age', min: 16, max: 99 },
  {
    name: 'course',
    kind: 'choice',
    label: 'Course',
    required: true,
    options: [
      { value: 'bookkeeping', label: 'Bookkeeping' },
      { value: 'tailoring', label: 'Tailoring' },
    ],
  },
  {
    name: 'days',
    kind: 'choices',
    label: 'Days',
    options: [
      { value: 'sat', label: 'Saturday' },
      { value: 'sun', label: 'Sunday' },
    ],
  },
  { name: 'note', kind: 'textarea', label: 'Anything else' },
  { name: 'consent', kind: 'consent', label: 'Consent', text: 'I agree that my answers are kept.' },
];

const FILE_PATH = '/volunteer-sign-up';
const FILE_FIELDS = [
  { name: 'full_name', kind: 'text', label: 'Your name', label_bn: 'আপনার নাম', required: true },
  { name: 'letter', kind: 'file', label: 'Your letter', label_bn: 'আপনার চিঠি', required: true, accept: '.pdf', max_mb: 2 },
];

let formId = 0;
let fileFormId = 0;
let runs = 0;
const newMarker = () => `entry${Date.now().toString(36)}${(runs++).toString(36)}`;

/** Makes a form and a page at `path` whose `form` section shows it; answers the form's id. */
async function formOnPage(title: string, fields: unknown[], path: string, more: Record<string, unknown> = {}): Promise<number> {
  const form = await fixture.app.api<{ data: { id: number } }>('POST', 'forms', {
    title,
    fields: JSON.stringify(fields),
    status: 1,
    ...more,
  });
  expect(form.status).toBe(201);
  const page = await fixture.app.api<{ data: { id: number } }>('POST', 'pages', { title, slug: path.slice(1), status: 1 });
  expect(page.status).toBe(201);
  const section = await fixture.app.api('POST', 'sections', {
    page_id: page.body.data.id,
    name: `${title} form`,
    template: 'form',
    form_id: form.body.data.id,
    status: 1,
  });
  expect(section.status).toBe(201);
  return form.body.data.id;
}

beforeAll(async () => {
  formId = await formOnPage('Training registration', FIELDS, PATH, { sent_text: CONFIRMATION });
  fileFormId = await formOnPage('Volunteer sign-up', FILE_FIELDS, FILE_PATH);
});

const stored = async (marker: string) => {
  const { status, body } = await fixture.app.api<{ data: { total: number } }>(
    'GET',
    `form-entries?search_key=${encodeURIComponent(marker)}`,
  );
  expect(status).toBe(200);
  return body.data.total;
};

/**
 * Back online, a form kept on the device with its file: stored once, the visitor told in Bangla,
 * nothing left kept, and the file whole for staff.
 */
async function sentOnceOnline(context: BrowserContext, page: Page, marker: string, letter: Buffer): Promise<void> {
  await goOnline(context);
  await expect.poll(() => stored(marker), { timeout: 30_000 }).toBe(1);
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: siteBn['builtForm.sent.text'] }).count(), { timeout: 20_000 })
    .toBe(1);
  await expect.poll(() => kept(page)).toEqual([]);
  await expectFile(marker, letter);
}

/** The forms waiting in the device's outbox (outbox.ts): how many files each keeps, and the first one's size. */
const kept = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ files: number; bytes: number }[]>((resolve, reject) => {
        const opened = indexedDB.open('visitor-forms', 1);
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const all = opened.result.transaction('waiting').objectStore('waiting').getAll();
          all.onsuccess = () => {
            opened.result.close();
            resolve(
              (all.result as { files?: { blob: Blob }[] }[]).map((item) => ({
                files: item.files?.length ?? 0,
                bytes: item.files?.[0]?.blob.size ?? 0,
              })),
            );
          };
        };
      }),
  );

/** A PDF letter of some 700 KB: its signature, then filler. */
const newLetter = () => Buffer.concat([Buffer.from('%PDF-1.4\n', 'latin1'), randomBytes(700 * 1024), Buffer.from('%%EOF\n')]);

/** The one entry carrying `marker` names the letter, and staff download it with the same bytes. */
async function expectFile(marker: string, letter: Buffer) {
  const entries = await fixture.app.api<{ data: { data: { id: number; data: string }[] } }>(
    'GET',
    `form-entries?search_key=${encodeURIComponent(marker)}`,
  );
  expect(entries.body.data.data).toHaveLength(1);
  const entry = entries.body.data.data[0]!;
  expect(JSON.parse(entry.data).letter).toBe('letter.pdf');
  const files = await fixture.app.api<{ data: { data: { id: number }[] } }>('GET', `form-entries/${entry.id}/files`);
  expect(files.body.data.data).toHaveLength(1);
  const download = await fetch(`${fixture.app.baseUrl}/cms/api/form-entries/${entry.id}/files/${files.body.data.data[0]!.id}`, {
    headers: { authorization: `Bearer ${await fixture.app.token()}`, app_key: fixture.app.appKey },
  });
  expect(download.status).toBe(200);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(letter));
}

/** A page of the site in Bangla, controlled by the service worker (installed on the first visit). */
async function controlledPage(path: string) {
  const context = await offlineCapableContext(fixture.browser);
  const page = await context.newPage();
  await page.goto(`${fixture.app.baseUrl}/bn${path}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await controlledByWorker(page);
  await appReady(page);
  return { context, page };
}

const formOf = (page: Page) => page.locator(`#built-${formId}-form`);

async function fill(page: Page, marker: string, email = `${marker}@example.org`) {
  const form = formOf(page);
  await form.locator('[name=full_name]').fill(`Rahima ${marker}`);
  await form.locator('[name=email]').fill(email);
  await form.locator('[name=age]').fill('24');
  await form.getByLabel('Tailoring').check();
  await form.getByLabel('Saturday').check();
  await form.getByLabel('Sunday').check();
  await form.locator('[name=note]').fill(`See you (${marker})`);
  await form.getByLabel('I agree that my answers are kept.').check();
}

describe('a built form on a page', () => {
  it('with JavaScript on: the island sends it once, and the page says so in place', async () => {
    const context = await offlineCapableContext(fixture.browser, { serviceWorkers: 'block' });
    const page = await context.newPage();
    const marker = newMarker();
    await page.goto(`${fixture.app.baseUrl}${PATH}`);
    await appReady(page);
    await fill(page, marker);
    // The island woke when the visitor reached into it; it refuses a form sent faster than a person fills one.
    await expect
      .poll(() => formOf(page).evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.waitForTimeout(MIN_FILL_MS + 500);
    const url = page.url();
    await formOf(page).getByRole('button', { name: 'Send' }).dblclick();
    await expect.poll(() => formOf(page).getByText(CONFIRMATION).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(page.url()).toBe(url);
    expect(await stored(marker)).toBe(1);
    await context.close();
  });

  it('with JavaScript off: refused with every word kept, then stored once and confirmed', async () => {
    const context = await offlineCapableContext(fixture.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const marker = newMarker();
    await page.goto(`${fixture.app.baseUrl}${PATH}`);
    await fill(page, marker, `${marker}@`);
    await formOf(page).getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`**?form=built-${formId}#built-${formId}-form`);
    const refused = formOf(page);
    await expect
      .poll(() => refused.getByText('Please enter a valid email address, for example name@example.com.').count())
      .toBe(1);
    expect(await refused.locator('[name=email]').inputValue()).toBe(`${marker}@`);
    expect(await refused.locator('[name=full_name]').inputValue()).toBe(`Rahima ${marker}`);
    expect(await refused.locator('[name=note]').inputValue()).toContain(marker);
    expect(await refused.getByLabel('Tailoring').isChecked()).toBe(true);
    expect(await refused.getByLabel('Sunday').isChecked()).toBe(true);
    expect(await stored(marker)).toBe(0);

    await refused.locator('[name=email]').fill(`${marker}@example.org`);
    await refused.getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`**?sent=built-${formId}#built-${formId}-form`);
    await expect.poll(() => page.getByText(CONFIRMATION).isVisible()).toBe(true);
    expect(await stored(marker)).toBe(1);
    await context.close();
  });

  it('offline with a file: kept on the device through a reload, then sent once with the file whole, in Bangla', async () => {
    const { context, page } = await controlledPage(FILE_PATH);
    const marker = newMarker();
    const form = page.locator(`#built-${fileFormId}-form`);
    const letter = newLetter();

    await goOffline(context);
    await form.locator('[name=full_name]').fill(`Karim ${marker}`);
    await expect
      .poll(() => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), {
        timeout: 15_000,
      })
      .toBe(true);
    await form.locator('input[type=file]').setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: letter });
    await page.waitForTimeout(MIN_FILL_MS + 500);
    await form.getByRole('button', { name: siteBn['builtForm.submit'] }).click();
    await expect.poll(() => form.getByText(siteBn['form.savedOnDevice']).isVisible(), { timeout: 15_000 }).toBe(true);

    // Still offline, the page opened again from the device: the answers and the file wait there.
    await page.reload();
    await appReady(page);
    expect(await kept(page)).toEqual([{ files: 1, bytes: letter.length }]);
    expect(await stored(marker)).toBe(0);

    await sentOnceOnline(context, page, marker, letter);

    // Sent once: a page opened again sends nothing more.
    await page.reload();
    await appReady(page);
    await page.waitForTimeout(500);
    expect(await stored(marker)).toBe(1);
    await context.close();
  });

  it('a plain post with a file made offline before the island woke: kept with the file by the service worker, sent once', async () => {
    const { context, page } = await controlledPage(FILE_PATH);
    const marker = newMarker();
    const form = page.locator(`#built-${fileFormId}-form`);
    const letter = newLetter();
    await goOffline(context);
    await form.locator('[name=full_name]').fill(`Karim ${marker}`);
    await form.locator('input[type=file]').setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: letter });
    // The form's own multipart post, as before its island woke (submit() fires no submit event for React).
    await form.evaluate((element: HTMLFormElement) => element.submit());
    await page.waitForURL(`**?saved=built-${fileFormId}#built-${fileFormId}-form`);
    await expect.poll(() => form.getByText(siteBn['form.savedOnDevice']).isVisible()).toBe(true);
    expect(await kept(page)).toEqual([{ files: 1, bytes: letter.length }]);
    expect(await stored(marker)).toBe(0);

    await sentOnceOnline(context, page, marker, letter);
    await context.close();
  });
});
