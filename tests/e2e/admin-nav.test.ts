/**
 * The back-office's sidebar in Chromium: on a laptop's 1280×720 window every screen is one click
 * away with nothing below the window's edge (each section opened in turn, every item inside the
 * viewport), "API tokens" has its icon like its neighbours, and on a phone the drawer shows that
 * it scrolls while more of it lies below its edge.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREEN_GROUPS } from '../../src/client/admin/layout/admin-screens';
import { e2eFixture, type RunningApp, signedInPage } from './harness';

const fixture = e2eFixture();
let app: RunningApp;
let browser: Browser;

beforeAll(() => {
  ({ app, browser } = fixture);
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin screens' });
const sectionButton = (page: Page, group: string) => sidebar(page).getByRole('button', { name: group, exact: true });

/** Opens or closes a section of the sidebar, by its heading. */
async function setOpen(page: Page, group: string, open: boolean): Promise<void> {
  const button = sectionButton(page, group);
  if ((await button.getAttribute('aria-expanded')) !== String(open)) await button.click();
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe(String(open));
}

/** The labels of the sidebar's visible items (links, section headings, Logout) whose box leaves the viewport. */
async function itemsOutside(page: Page): Promise<string[]> {
  const viewport = page.viewportSize()!;
  const items = await sidebar(page).locator('a, button').all();
  const outside: string[] = [];
  for (const item of items) {
    if (!(await item.isVisible())) continue;
    const box = (await item.boundingBox())!;
    const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
    if (!inside) outside.push(`${(await item.innerText()).trim()} at ${JSON.stringify(box)}`);
  }
  return outside;
}

describe('the sidebar', () => {
  it('at 1280×720, every item of every section is inside the window', async () => {
    const page = await signedInPage(browser, app, { width: 1280, height: 720 });
    try {
      await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
      const seen = new Set<string>();
      for (const group of SCREEN_GROUPS) {
        for (const other of SCREEN_GROUPS) await setOpen(page, other, other === group);
        expect(await itemsOutside(page), group).toEqual([]);
        for (const label of await sidebar(page).getByRole('link').allInnerTexts()) seen.add(label.trim());
      }
      // The screens the issue found out of sight are among those reached.
      for (const label of ['Users', 'Messages', 'API tokens', 'Security']) expect(seen).toContain(label);
      // Nothing below the edge, so no hint that there is.
      await expect.poll(() => page.locator('.admin-nav-more').evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('"API tokens" has an icon, its label aligned with its neighbours\'', async () => {
    const page = await signedInPage(browser, app, { width: 1280, height: 720 });
    try {
      await setOpen(page, 'System', true);
      const labelX = async (name: string) => {
        const link = sidebar(page).getByRole('link', { name, exact: true });
        expect(await link.locator('svg').count(), name).toBe(1);
        return (await link.getByText(name, { exact: true }).boundingBox())!.x;
      };
      expect(await labelX('API tokens')).toBe(await labelX('Security'));
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('a section shows whether it is open, and stays as chosen after a reload', async () => {
    const page = await signedInPage(browser, app, { width: 1280, height: 720 });
    try {
      const people = sectionButton(page, 'People');
      await setOpen(page, 'People', true);
      await sidebar(page).getByRole('link', { name: 'Users' }).waitFor();
      await page.reload();
      await expect.poll(() => people.getAttribute('aria-expanded')).toBe('true');
      await setOpen(page, 'People', false);
      await sidebar(page).getByRole('link', { name: 'Users' }).waitFor({ state: 'hidden' });
    } finally {
      await page.context().close();
    }
  }, 60_000);

  it('at 390×844, the drawer shows that it scrolls while more lies below its edge', async () => {
    const page = await signedInPage(browser, app, { width: 390, height: 844 });
    try {
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await sidebar(page).getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
      for (const group of SCREEN_GROUPS) await setOpen(page, group, true);
      const scroller = page.locator('.admin-nav-screens');
      const hint = page.locator('.admin-nav-more');
      expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      await expect.poll(() => hint.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
      // The hint sits at the drawer's cut edge, inside the window.
      const [hintBox, listBox] = [(await hint.boundingBox())!, (await scroller.boundingBox())!];
      expect(hintBox.y + hintBox.height).toBeCloseTo(listBox.y + listBox.height, 0);
      expect(hintBox.y + hintBox.height).toBeLessThanOrEqual(844);
      // At the end of the list there is nothing more to hint at.
      await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect.poll(() => hint.evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
