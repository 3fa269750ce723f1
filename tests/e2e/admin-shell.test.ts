/**
 * The back-office shell in Chromium: every screen (lists, forms, the media library and picker,
 * the dashboards, account, activity, security) passes axe with no serious or moderate finding, in
 * light and in dark (half of the screens here, the other half and the picker in
 * admin-shell-axe.test.ts); the colour scheme follows the system until staff choose one, and never
 * reaches the public site; a title the list cuts shows in full on hover and on focus; the
 * dashboard lists drafts and scheduled items; media tiles are chosen with the keyboard.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeOf } from '../../src/shared/date-time';
import { axeScreens, openScreen, screenHeading } from './admin-screens';
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

// The first share of the screens; admin-shell-axe.test.ts checks the second at the same time.
axeScreens(
  0,
  () => page,
  () => app,
);

describe('colour scheme', () => {
  it('follows the system until chosen; the choice stays after a reload; the public site stays light', async () => {
    const scheme = () => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
    await page.emulateMedia({ colorScheme: 'dark' });
    await openScreen(page, app, 'dashboard');
    await expect.poll(scheme).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(scheme).toBe('light'); // 'Match the system' follows a change at once

    await page.getByTitle('Dark', { exact: true }).click();
    await expect.poll(scheme).toBe('dark');
    const background = () => page.locator('.admin-root').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).not.toBe('rgb(248, 249, 250)'); // not the light grey page
    await page.reload();
    await screenHeading(page).waitFor();
    await expect.poll(scheme).toBe('dark');
    await expect(page.getByRole('radio', { name: 'Dark' }).isChecked()).resolves.toBe(true);

    // The site itself, in the same browser, keeps its light design.
    await page.goto(`${app.baseUrl}/`);
    await page.locator('main h1, main h2').first().waitFor();
    await expect.poll(scheme).toBe('light');

    await openScreen(page, app, 'dashboard');
    await page.getByTitle('Match the system').click();
    await expect.poll(scheme).toBe('light');
  });
});

describe('lists and dashboard', () => {
  it('a title the list cuts shows in full on hover and on keyboard focus', async () => {
    const title = `A very long post title that the list cuts short ${stamp}`;
    expect((await app.api('POST', 'posts', { title, status: 1 })).status).toBe(201);
    await openScreen(page, app, `post?search=${stamp}`);
    const cut = page
      .getByRole('row', { name: /A very long post/ })
      .locator('span[tabindex="0"]')
      .first();
    expect(await cut.textContent()).not.toBe(title);
    await cut.hover();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(title);
    await page.mouse.move(0, 0);
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
    await cut.focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe(title);
  });

  it('the dashboard lists a draft and a scheduled post, each opening its form', async () => {
    const scheduled = `Goes out next week ${stamp}`;
    const created = await app.api('POST', 'posts', {
      title: scheduled,
      status: 1,
      publish_at: dateTimeOf(Date.now() + 7 * 24 * 3_600_000),
    });
    expect(created.status).toBe(201);
    const drafted = (
      (await app.api('POST', 'pages', { title: `Live page ${stamp}`, status: 1 })).body as { data: { id: number } }
    ).data;
    expect((await app.api('PUT', `pages/${drafted.id}/draft`, { title: 'Its draft', version: 1 })).status).toBe(200);

    await openScreen(page, app, 'dashboard');
    const waiting = page.getByRole('region', { name: 'Waiting to go out' });
    await waiting.getByRole('link', { name: `Live page ${stamp}` }).click();
    await page.waitForURL(`**/admin/page/form/${drafted.id}`);
    await openScreen(page, app, 'dashboard');
    await waiting.getByRole('link', { name: scheduled }).click();
    await page.waitForURL(`**/admin/post/form/${(created.body as { data: { id: number } }).data.id}`);
  });

  it('media tiles: arrows move the selection, Enter on the selected tile inserts it', async () => {
    await openScreen(page, app, 'slider/form');
    await page.getByRole('button', { name: 'Select Image' }).first().click();
    const dialog = page.getByRole('dialog');
    const tiles = dialog.getByRole('list', { name: 'Files' }).getByRole('button');
    await tiles.first().waitFor();
    await tiles.first().focus();
    await page.keyboard.press('Space');
    await expect.poll(() => tiles.nth(0).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => tiles.nth(1).getAttribute('aria-pressed')).toBe('true');
    expect(await tiles.nth(0).getAttribute('aria-pressed')).toBe('false');
    expect(await tiles.nth(1).evaluate((el) => el === document.activeElement)).toBe(true);
    // Down moves by a row: as many tiles as the first row holds.
    const columns = await tiles.evaluateAll(
      (all) => all.filter((t) => t.getBoundingClientRect().top === all[0]!.getBoundingClientRect().top).length,
    );
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => tiles.nth(1 + columns).getAttribute('aria-pressed')).toBe('true');
    const chosen = await tiles.nth(1 + columns).getAttribute('title');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    // Seeded files keep their names: the address is the chosen tile's file.
    expect(await page.getByRole('textbox', { name: 'Thumb' }).inputValue()).toBe(`/uploads/${chosen}`);
  });
});
