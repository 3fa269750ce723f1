/**
 * The one way the e2e files run axe: its findings above minor on a page (or a part of it), in one
 * colour scheme or in both, and a page drawn in one colour scheme with its colour transitions ended.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Where axe looks: inside `within`, leaving out `exclude`, with only `rules` (every rule unless given). */
export interface AxeScope {
  within?: string;
  exclude?: string;
  rules?: string[];
}

/**
 * Axe's findings above minor (critical, serious, moderate), each naming `where` and the elements it
 * found.
 */
export async function axeFindings(page: Page, where: string, { within, exclude, rules }: AxeScope = {}): Promise<string[]> {
  let axe = new AxeBuilder({ page });
  if (within) axe = axe.include(within);
  if (exclude) axe = axe.exclude(exclude);
  if (rules) axe = axe.withRules(rules);
  // The library's default runs axe in each frame, then again in a blank page it opens to join the
  // frames' results; legacy mode runs it once in the page, with less to copy and parse, but cannot
  // reach into a frame. A page with a frame keeps the default.
  if (page.frames().length === 1) axe = axe.setLegacyMode();
  const results = await axe.analyze();
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

/**
 * The axe rules whose outcome depends on the colours drawn. A colour scheme changes only the
 * document's `data-mantine-color-scheme`, and with it the values of Mantine's colour variables: the
 * elements, names, roles and order are the same in both, so the rules about them give the same
 * answer in dark as in light, and dark is checked for these alone.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Axe's findings in light (every rule) and in dark (the colour rules), each naming `where` and its
 * scheme; the page is left in light.
 */
export async function axeFindingsLightAndDark(page: Page, where: string, scope: Omit<AxeScope, 'rules'> = {}): Promise<string[]> {
  await showIn(page, 'light');
  const findings = await axeFindings(page, `${where}, light`, scope);
  await showIn(page, 'dark');
  findings.push(...(await axeFindings(page, `${where}, dark`, { ...scope, rules: COLOUR_RULES })));
  await showIn(page, 'light');
  return findings;
}
