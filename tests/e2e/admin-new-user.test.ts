/**
 * What a new user of the back-office tripped over (issue #56), in Chromium: a save says so once
 * (the spec's alert, no toast beside it) and the form does not jump when the alert goes.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eFixture, type RunningApp, signedInPage } from './harness';

const fixture = e2eFixture();
let app: RunningApp;
let browser: Browser;
let page: Page;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  ({ app, browser } = fixture);
  page = await signedInPage(browser, app);
});
afterAll(async () => {
  await page?.context().close();
});

const SUCCESS = 'Success! Data updated successfully.';

describe('saving a form', () => {
  /** Saves, and checks the one message and that the field below it stays where it was when the alert goes. */
  async function saveOnce(): Promise<void> {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const alert = page.getByText(SUCCESS);
    await alert.waitFor();
    const field = page.locator('[name="faq_title"]');
    const shown = (await field.boundingBox())!.y + (await page.evaluate(() => window.scrollY));
    // No toast says the same thing beside the alert.
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
    await alert.waitFor({ state: 'hidden', timeout: 10_000 });
    const gone = (await field.boundingBox())!.y + (await page.evaluate(() => window.scrollY));
    expect(gone).toBe(shown);
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
  }

  it("on create and on update: the spec's alert alone, and no jump when it goes", async () => {
    await page.goto(`${app.baseUrl}/admin/faq/form`);
    await page.locator('[name="faq_title"]').fill(`One message ${stamp}`);
    await saveOnce();
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/faq\/form\/\d+$/);
    await page.locator('[name="faq_title"]').fill(`One message, edited ${stamp}`);
    await saveOnce();
  }, 60_000);
});
