/**
 * A form staff built (issue 60), put on a page by a `form` section, sent by a visitor in Chromium
 * against the real server: with JavaScript on (the island sends it, the page stays) and with
 * JavaScript off (the plain post, refused with the words kept, then stored). Each ends with
 * exactly one stored entry, counted through the admin API, and the confirmation shown.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/shared/built-forms';
import { appReady, e2eFixture, offlineCapableContext } from './harness';

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

let formId = 0;
let runs = 0;
const newMarker = () => `entry${Date.now().toString(36)}${(runs++).toString(36)}`;

beforeAll(async () => {
  const form = await fixture.app.api<{ data: { id: number } }>('POST', 'forms', {
    title: 'Training registration',
    fields: JSON.stringify(FIELDS),
    sent_text: CONFIRMATION,
    status: 1,
  });
  expect(form.status).toBe(201);
  formId = form.body.data.id;
  const page = await fixture.app.api<{ data: { id: number } }>('POST', 'pages', {
    title: 'Training registration',
    slug: PATH.slice(1),
    status: 1,
  });
  expect(page.status).toBe(201);
  const section = await fixture.app.api('POST', 'sections', {
    page_id: page.body.data.id,
    name: 'Registration form',
    template: 'form',
    form_id: formId,
    status: 1,
  });
  expect(section.status).toBe(201);
});

const stored = async (marker: string) => {
  const { status, body } = await fixture.app.api<{ data: { total: number } }>(
    'GET',
    `form-entries?search_key=${encodeURIComponent(marker)}`,
  );
  expect(status).toBe(200);
  return body.data.total;
};

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
});
