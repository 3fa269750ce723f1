/**
 * One message for a save (issue 56, item 9), in Chromium against the real server: creating a post
 * and then editing it shows the spec's inline alert, no toast saying the same beside it, and the
 * alert's coming and going does not move the form. Measured on create (where the save moves the
 * form to the record's own address) and on edit, on a wide screen and on a phone.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { e2eFixture, signIn } from './harness';

const fixture = e2eFixture();
const SUCCESS = 'Success! Data updated successfully.';

/** The title field's top, in the window, once nothing is moving. */
async function titleTop(page: Page): Promise<number> {
  const title = page.locator('[name="title"]');
  await title.waitFor();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return (await title.boundingBox())!.y;
}

/** Saves, and measures the title field while the alert shows and after it has gone. */
async function saveAndMeasure(page: Page, title: string): Promise<{ showing: number; gone: number }> {
  const creating = page.url().endsWith('/admin/post/form');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // A new record's form moves to the record's own address, where the alert shows.
  if (creating) await page.getByRole('heading', { name: 'Edit Post', level: 1 }).waitFor();
  const alert = page.getByText(SUCCESS, { exact: true });
  await alert.waitFor();
  await expect.poll(() => page.locator('[name="title"]').inputValue()).toBe(title);
  const showing = await titleTop(page);
  // The alert is the only message: no toast says the same beside it.
  expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
  await alert.waitFor({ state: 'hidden', timeout: 8_000 });
  return { showing, gone: await titleTop(page) };
}

describe('saving a post', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`shows one message, and the form does not move (${viewport.width} px)`, { timeout: 90_000 }, async () => {
      const { app, browser } = fixture;
      const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
      const page = await context.newPage();
      await signIn(page, app);

      // Create: the save moves the form to the record's own address.
      const title = `One message ${viewport.width} ${Date.now().toString(36)}`;
      await page.goto(`${app.baseUrl}/admin/post/form`);
      await page.locator('[name="title"]').fill(title);
      const before = await titleTop(page);
      const created = await saveAndMeasure(page, title);
      expect(page.url()).toMatch(/\/admin\/post\/form\/[^/?]+$/);
      expect(Math.abs(created.showing - before), 'create, while the alert shows').toBeLessThanOrEqual(1);
      expect(Math.abs(created.gone - before), 'create, after the alert').toBeLessThanOrEqual(1);

      // Edit: the same form again.
      await page.locator('[name="title"]').fill(`${title} edited`);
      const editing = await titleTop(page);
      const edited = await saveAndMeasure(page, `${title} edited`);
      expect(Math.abs(edited.showing - editing), 'edit, while the alert shows').toBeLessThanOrEqual(1);
      expect(Math.abs(edited.gone - editing), 'edit, after the alert').toBeLessThanOrEqual(1);
      expect(Math.abs(editing - before), 'the edit form where the new one was').toBeLessThanOrEqual(1);
      await context.close();
    });
  }
});
