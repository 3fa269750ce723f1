/** My Profile in Chromium: one's own details are drawn from the users definition and saved with PUT /me. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eFixture, type RunningApp, signedInPage } from './harness';

const fixture = e2eFixture();
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ app, browser } = fixture);
  page = await signedInPage(browser, app);
});
afterAll(async () => {
  await page?.context().close();
});

describe('My Profile', () => {
  it('edits the details the definition names (address, gender, date of birth) and keeps them', async () => {
    await page.goto(`${app.baseUrl}/admin/account`);
    const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Your details' }) });
    await form.getByLabel('Address').fill('House 12, Road 5, Dhanmondi, Dhaka');
    await form.getByLabel('Date of Birth').fill('1988-04-21');
    await form.getByLabel('Gender').selectOption({ label: 'Female' });
    await form.getByRole('button', { name: 'Save details' }).click();
    await page.getByText('Your details are updated.').waitFor();

    const me = await app.api<{ data: Record<string, unknown> }>('GET', 'me');
    expect(me.body.data).toMatchObject({ address: 'House 12, Road 5, Dhanmondi, Dhaka', dob: '1988-04-21', gender: 'female' });
    await page.reload();
    await expect.poll(() => form.getByLabel('Address').inputValue()).toBe('House 12, Road 5, Dhanmondi, Dhaka');
  });
});
