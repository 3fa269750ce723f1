/**
 * The back-office shell in Chromium, its second half (admin-shell.test.ts has the first): the
 * second share of the screens, and the media picker's dialog, pass axe with no serious or moderate
 * finding in light and in dark. A file of its own so the two halves run on two workers at once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeScreens, openScreen } from './admin-screens';
import { axeFindingsLightAndDark, showIn } from './axe';
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

axeScreens(
  1,
  () => page,
  () => app,
);

describe('axe, light and dark', () => {
  it('the media picker', async () => {
    await showIn(page, 'light');
    await openScreen(page, app, 'slider/form');
    await page.getByRole('button', { name: 'Select Image' }).first().click();
    await page.getByRole('dialog').getByRole('list', { name: 'Files' }).waitFor();
    // The page under the modal is inert and dimmed by its overlay: the dialog is what is checked.
    expect(await axeFindingsLightAndDark(page, 'media picker', { within: '[role="dialog"]' })).toEqual([]);
    await page.keyboard.press('Escape');
  });
});
