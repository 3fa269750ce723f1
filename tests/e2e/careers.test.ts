/**
 * Careers take applications (issue 60), in Chromium against the real server: the career page lists
 * openings open and closed with their state; an open one's page takes an application through the
 * `built-form` island with JavaScript on, and through the plain post with JavaScript off; each is
 * stored once for its career, and shows in the back-office's entries of the form as new, with the
 * career it was for, and on the dashboard's count.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/shared/built-forms';
import { appReady, dropLine, e2eFixture, offlineCapableContext, signedInPage } from './harness';

const fixture = e2eFixture();
const CONFIRMATION = 'Thank you for applying. We will write to you.';
const FIELDS = [
  { name: 'full_name', kind: 'text', label: 'Your name', required: true },
  { name: 'email', kind: 'email', label: 'Email', required: true },
  { name: 'cv', kind: 'file', label: 'Your CV', accept: '.pdf', max_mb: 6 },
];
/** A PDF of `size` bytes: its signature first, then filler. */
const pdf = (size: number) => {
  const head = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n', 'latin1');
  return Buffer.concat([head, randomBytes(size - head.length - 6), Buffer.from('%%EOF\n')]);
};
const DAY = 86_400_000;
const dateTimeOf = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

let formId = 0;
const careers = { open: 0, closed: 0, future: 0 };
let runs = 0;
const newMarker = () => `applicant${Date.now().toString(36)}${(runs++).toString(36)}`;

beforeAll(async () => {
  const form = await fixture.app.api<{ data: { id: number } }>('POST', 'forms', {
    title: 'Job application',
    fields: JSON.stringify(FIELDS),
    sent_text: CONFIRMATION,
    status: 1,
  });
  expect(form.status).toBe(201);
  formId = form.body.data.id;
  const career = async (title: string, from: number, to: number) => {
    const made = await fixture.app.api<{ data: { id: number } }>('POST', 'careers', {
      title,
      content: `${title}: what the work is.`,
      application_start_at: dateTimeOf(Date.now() + from * DAY),
      application_end_at: dateTimeOf(Date.now() + to * DAY),
      form_id: formId,
      status: 1,
    });
    expect(made.status).toBe(201);
    return made.body.data.id;
  };
  careers.open = await career('Loan Officer E2E', -1, 30);
  careers.closed = await career('Cashier E2E', -30, -1);
  careers.future = await career('Trainer E2E', 3, 30);
});

const storedFor = async (marker: string) => {
  const { status, body } = await fixture.app.api<{ data: { data: { career_id: number | null }[] } }>(
    'GET',
    `form-entries?search_key=${encodeURIComponent(marker)}`,
  );
  expect(status).toBe(200);
  return body.data.data;
};

const formOf = (page: Page) => page.locator(`#built-${formId}-form`);

describe('careers', () => {
  it('the career page lists openings open and closed, with their state', async () => {
    const context = await offlineCapableContext(fixture.browser, { serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${fixture.app.baseUrl}/career`);
    for (const [title, state] of [
      ['Loan Officer E2E', 'Open'],
      ['Cashier E2E', 'Closed'],
      ['Trainer E2E', 'Opening soon'],
    ]) {
      const card = page.locator(`[data-career]`).filter({ has: page.getByRole('heading', { name: title }) });
      await card.waitFor();
      expect(await card.locator('[data-career-state]').textContent()).toBe(state);
    }
    await page.goto(`${fixture.app.baseUrl}/career?career=${careers.closed}`);
    await page.getByText('Applications are closed.').waitFor();
    expect(await formOf(page).count()).toBe(0);
    await page.goto(`${fixture.app.baseUrl}/career?career=${careers.future}`);
    await page.getByText(/Applications open on/).waitFor();
    await context.close();
  });

  it('with JavaScript on: an application is sent by the island once, for its career', async () => {
    const context = await offlineCapableContext(fixture.browser, { serviceWorkers: 'block' });
    const page = await context.newPage();
    const marker = newMarker();
    await page.goto(`${fixture.app.baseUrl}/career`);
    await page.getByRole('link', { name: 'Loan Officer E2E' }).click();
    await page.waitForURL(`**/career?career=${careers.open}`);
    await appReady(page);
    await page.getByText('Loan Officer E2E: what the work is.').waitFor();
    await formOf(page).locator('[name=full_name]').fill(`Rahima ${marker}`);
    await formOf(page).locator('[name=email]').fill(`${marker}@example.org`);
    await expect
      .poll(() => formOf(page).evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.waitForTimeout(MIN_FILL_MS + 500);
    const url = page.url();
    await formOf(page).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => formOf(page).getByText(CONFIRMATION).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(page.url()).toBe(url);
    const stored = await storedFor(marker);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.career_id).toBe(careers.open);
    await context.close();
  });

  const awake = (page: Page) =>
    expect
      .poll(() => formOf(page).evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), {
        timeout: 15_000,
      })
      .toBe(true);

  it('with JavaScript on: a 5 MB CV sent over a link cut twice arrives whole, once, and only staff download it', async () => {
    const context = await offlineCapableContext(fixture.browser, { serviceWorkers: 'block' });
    const page = await context.newPage();
    const marker = newMarker();
    const cv = pdf(5 * 1024 * 1024);
    // The link drops while the second part is on its way, and again on the fourth.
    let parts = 0;
    await context.route('**/cms/form-uploads/*', async (route) => {
      if (route.request().method() === 'PATCH' && [2, 4].includes(++parts)) dropLine(context, 2_000);
      await route.continue().catch(() => undefined);
    });
    await page.goto(`${fixture.app.baseUrl}/career?career=${careers.open}`);
    await appReady(page);
    await formOf(page).locator('[name=full_name]').fill(`Amina ${marker}`);
    await formOf(page).locator('[name=email]').fill(`${marker}@example.org`);
    await awake(page);
    await formOf(page)
      .locator('input[type=file]')
      .setInputFiles({ name: 'Amina CV.pdf', mimeType: 'application/pdf', buffer: cv });
    await expect.poll(() => formOf(page).getByText('The file has been sent.').isVisible(), { timeout: 60_000 }).toBe(true);
    expect(parts).toBeGreaterThanOrEqual(6);
    await page.waitForTimeout(MIN_FILL_MS);
    await formOf(page).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => formOf(page).getByText(CONFIRMATION).isVisible(), { timeout: 15_000 }).toBe(true);
    await context.close();
    const stored = (await storedFor(marker)) as unknown as { id: number; data: string }[];
    expect(stored).toHaveLength(1);
    expect(JSON.parse(stored[0]!.data).cv).toBe('Amina CV.pdf');
    const files = await fixture.app.api<{ data: { data: { id: number; name: string; size: number }[] } }>(
      'GET',
      `form-entries/${stored[0]!.id}/files`,
    );
    expect(files.body.data.data).toHaveLength(1);
    expect(files.body.data.data[0]).toMatchObject({ name: 'Amina CV.pdf', size: cv.length });
    const download = `${fixture.app.baseUrl}/cms/api/form-entries/${stored[0]!.id}/files/${files.body.data.data[0]!.id}`;
    // Not public: a visitor asking for it is refused.
    expect((await fetch(download, { headers: { 'app-key': fixture.app.appKey } })).status).toBe(401);

    // Staff see it with the entry and download it whole.
    const admin = await signedInPage(fixture.browser, fixture.app);
    await admin.goto(`${fixture.app.baseUrl}/admin/form-entries/form/${stored[0]!.id}`);
    await admin
      .getByTestId('entry-files')
      .getByText(/Amina CV\.pdf/)
      .waitFor();
    const saved = admin.waitForEvent('download');
    await admin.getByTestId('entry-files').getByRole('button', { name: 'Download' }).click();
    const file = await saved;
    expect(file.suggestedFilename()).toBe('Amina CV.pdf');
    const { readFile } = await import('node:fs/promises');
    expect((await readFile((await file.path())!)).equals(cv)).toBe(true);
    await admin.context().close();
  });

  it('a file of the wrong type is refused beside its field with the other answers kept, JavaScript on and off', async () => {
    for (const javaScriptEnabled of [true, false]) {
      const context = await offlineCapableContext(fixture.browser, { javaScriptEnabled, serviceWorkers: 'block' });
      const page = await context.newPage();
      const marker = newMarker();
      await page.goto(`${fixture.app.baseUrl}/career?career=${careers.open}`);
      if (javaScriptEnabled) await appReady(page);
      await formOf(page).locator('[name=full_name]').fill(`Kept ${marker}`);
      await formOf(page).locator('[name=email]').fill(`${marker}@example.org`);
      if (javaScriptEnabled) await awake(page);
      await formOf(page)
        .locator('input[type=file]')
        .setInputFiles({ name: 'cv.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ not a CV') });
      if (!javaScriptEnabled) await formOf(page).getByRole('button', { name: 'Send' }).click();
      await expect
        .poll(() => formOf(page).getByText('This type of file is not accepted here.').isVisible(), { timeout: 15_000 })
        .toBe(true);
      expect(await formOf(page).locator('[name=full_name]').inputValue()).toBe(`Kept ${marker}`);
      expect(await formOf(page).locator('[name=email]').inputValue()).toBe(`${marker}@example.org`);
      expect(await storedFor(marker)).toHaveLength(0);
      await context.close();
    }
  });

  it('with JavaScript off: the plain post stores it once for its career, and staff see it new', async () => {
    const context = await offlineCapableContext(fixture.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const marker = newMarker();
    await page.goto(`${fixture.app.baseUrl}/career?career=${careers.open}`);
    await formOf(page).locator('[name=full_name]').fill(`Karim ${marker}`);
    await formOf(page).locator('[name=email]').fill(`${marker}@example.org`);
    await formOf(page).getByRole('button', { name: 'Send' }).click();
    await page.waitForURL(`**/career?career=${careers.open}&sent=built-${formId}**`);
    await expect.poll(() => page.getByText(CONFIRMATION).isVisible()).toBe(true);
    const stored = await storedFor(marker);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.career_id).toBe(careers.open);
    await context.close();

    // The back-office: the dashboard counts new entries; the form's entries show this one as new,
    // applied for its career; opening it marks it read.
    const admin = await signedInPage(fixture.browser, fixture.app);
    await admin.getByText(/new form entr/).waitFor();
    await admin.goto(`${fixture.app.baseUrl}/admin/entries/${formId}`);
    const row = admin.getByRole('row').filter({ hasText: marker });
    await row.waitFor();
    // The career's name is a relation's label, read after the rows.
    await expect.poll(() => row.getByText('Loan Officer E2E').count()).toBe(1);
    expect(await row.getByText('New', { exact: true }).count()).toBe(1);
    const marked = admin.waitForResponse(
      (response) => response.url().endsWith('/read') && response.request().method() === 'POST',
    );
    await row.getByRole('link', { name: 'Open' }).click();
    await admin.getByText(`Karim ${marker}`).first().waitFor();
    expect((await marked).status()).toBe(200);
    await admin.goto(`${fixture.app.baseUrl}/admin/entries/${formId}?read=read`);
    await admin.getByRole('row').filter({ hasText: marker }).waitFor();
    // Found by the words staff remember: this entry's row only, the words kept in the address.
    await admin.getByRole('textbox', { name: 'Search the entries' }).fill(`karim ${marker}`);
    await admin.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await admin.waitForURL((url) => url.searchParams.get('search') === `karim ${marker}`);
    await expect.poll(() => admin.locator('tbody tr').count()).toBe(1);
    expect(await admin.getByRole('row').filter({ hasText: marker }).count()).toBe(1);
    await admin.getByRole('textbox', { name: 'Search the entries' }).fill('nobody applied with these words');
    await admin.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => admin.getByRole('row').filter({ hasText: marker }).count()).toBe(0);
    await admin.context().close();
  });
});
