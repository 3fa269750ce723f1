/**
 * Accessibility checks the e2e files share: axe's serious and moderate findings on a page (or a
 * part of it), and a page drawn in one colour scheme with its colour transitions ended.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Axe's findings above minor, each with `where` and the elements it names; `within` narrows it to a selector. */
export async function axeFindings(page: Page, where: string, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const results = await (within ? axe.include(within) : axe).analyze();
  return results.violations
    .filter((v) => v.impact !== 'minor')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Draws the page in `scheme` and waits until its colour transitions have ended. */
export async function showIn(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
  // Colours change through CSS transitions (a segmented control's label, for one): axe measures the
  // colours they end on, not one on the way (CI's run found a label half-way to its dark colour).
  // Transitions only: they end, where an animation (a loader's spin) may run for ever.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
