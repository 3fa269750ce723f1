/**
 * The back-office's language from the header's user menu (#56 item 11), in Chromium against the
 * real server: one click shows the screen in Bangla at once, the choice is saved to the person's
 * profile (so a reload keeps it), a choice made offline is not lost: the next start shows it and
 * sends it to the profile, and the menu switches back to English the same way.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2eFixture, goOffline, goOnline, type RunningApp, signedInPage } from './harness';

const fixture = e2eFixture();
let app: RunningApp;
let browser: Browser;

beforeAll(() => {
  ({ app, browser } = fixture);
});

/** The language the signed-in admin's profile holds, as the server stores it. */
const savedLanguage = async () => (await app.api<{ data: { language: string | null } }>('GET', 'me')).body.data.language;

/** Opens the header's user menu (its label follows the language shown) and picks a language by its own name. */
async function pickLanguage(page: Page, menuLabel: string, language: string): Promise<void> {
  await page.getByRole('button', { name: menuLabel }).click();
  const item = page.getByRole('menuitem', { name: language });
  await item.waitFor();
  // The item lies inside the window, where one click reaches it.
  const box = (await item.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height).toBe(true);
  await item.click();
}

const dashboardHeading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

describe("the user menu's language switch", () => {
  it('shows Bangla at once, keeps it after a reload, and switches back to English', async () => {
    const page = await signedInPage(browser, app, { width: 1280, height: 800 });
    try {
      await pickLanguage(page, 'Profile menu', 'বাংলা');
      await dashboardHeading(page, 'ড্যাশবোর্ড').waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
      // The current language is the one marked current.
      await page.getByRole('button', { name: 'প্রোফাইল মেনু' }).click();
      expect(await page.getByRole('menuitem', { name: 'বাংলা' }).getAttribute('aria-current')).toBe('true');
      expect(await page.getByRole('menuitem', { name: 'English' }).getAttribute('aria-current')).toBeNull();
      await page.keyboard.press('Escape');
      await expect.poll(savedLanguage).toBe('bn');

      await page.reload();
      await dashboardHeading(page, 'ড্যাশবোর্ড').waitFor();

      await pickLanguage(page, 'প্রোফাইল মেনু', 'English');
      await dashboardHeading(page, 'Dashboard').waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      await expect.poll(savedLanguage).toBe('en');
    } finally {
      await page.context().close();
    }
  }, 90_000);

  it('offline, the choice shows at once, survives a reload and reaches the profile when the connection returns', async () => {
    const page = await signedInPage(browser, app, { width: 1280, height: 800 });
    const context = page.context();
    try {
      // The Bangla catalogue is fetched once while online, as any screen shown in it would have.
      await pickLanguage(page, 'Profile menu', 'বাংলা');
      await dashboardHeading(page, 'ড্যাশবোর্ড').waitFor({ timeout: 10_000 });
      await expect.poll(savedLanguage).toBe('bn');

      await goOffline(context);
      await pickLanguage(page, 'প্রোফাইল মেনু', 'English');
      await dashboardHeading(page, 'Dashboard').waitFor({ timeout: 10_000 });
      expect(await savedLanguage()).toBe('bn');

      // Back online, the next start shows the waiting choice rather than the profile's older one, and sends it.
      await goOnline(context);
      await page.reload();
      await dashboardHeading(page, 'Dashboard').waitFor({ timeout: 15_000 });
      await expect.poll(savedLanguage, { timeout: 15_000 }).toBe('en');
      await page.reload();
      await dashboardHeading(page, 'Dashboard').waitFor();
    } finally {
      await context.close();
    }
  }, 120_000);
});
