/**
 * What the back-office shell's e2e files share: every admin screen, opening one until it has drawn,
 * and the axe check of a share of them in light and in dark. The screens are checked in two files
 * (admin-shell and admin-shell-axe), one share each, so that the layer's longest check runs on two
 * workers at once instead of holding one to the end.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminEntity } from '../../src/client/admin/admin-entities';
import { ADMIN_SCREENS } from '../../src/client/admin/layout/admin-screens';
import { ENTITIES } from '../../src/shared/entities';
import { axeFindingsLightAndDark, showIn } from './axe';
import type { RunningApp } from './harness';

/**
 * A signed-in screen's heading. The server draws the sign-in screen (its own `main h1`) under every
 * admin address, hidden by CSS while a session is stored; before the stylesheet applies, Playwright
 * can take that heading for a visible one, and axe would then audit the loader that replaces it.
 */
export const screenHeading = (page: Page) => page.locator('main:not(.admin-sign-in) h1').first();

/** Opens an admin path and waits until its screen has drawn (its heading, and no loader left). */
export async function openScreen(page: Page, app: RunningApp, path: string): Promise<void> {
  await page.goto(`${app.baseUrl}/admin/${path}`);
  await screenHeading(page).waitFor();
  // A wait, not a measure: the flows screen's chart is laid out in ELK's worker, a large file
  // fetched on first use, which a busy machine takes well over the poll's default 5 s to run.
  await expect
    .poll(() => page.locator('main [aria-label^="Loading"], main .mantine-Loader-root').count(), { timeout: 30_000 })
    .toBe(0);
}

/** `APP_KEY` in a path stands for the running app's key, known once it has started. */
const APP_KEY = ':appKey';
/** Each entity's form: a new record's, or (App Settings) the site's own. */
const formPaths = Object.values(ENTITIES).flatMap((def) => {
  const entity = adminEntity(def);
  if (entity.keyField !== 'id') return [`${def.adminPath}/form/${APP_KEY}`];
  return entity.canCreate ? [`${def.adminPath}/form`] : [];
});

/** Every screen of the sidebar, every form, and My Profile. */
export const EVERY_SCREEN: readonly string[] = [...ADMIN_SCREENS.map((s) => s.path), ...formPaths, 'account'];

/** How many files share the screens' axe check: share 0 is admin-shell's, share 1 admin-shell-axe's. */
const SHARES = 2;

/**
 * The screens one share checks: every SHARES-th, from the `share`-th (0-based), so each file gets
 * lists and forms alike. Together the shares are every screen, each once.
 */
export function screensOfShare(share: number): string[] {
  return EVERY_SCREEN.filter((_, i) => i % SHARES === share);
}

/**
 * One test per screen of the share: each is opened once and checked whole in each scheme, and a
 * finding names its screen and scheme. `page` and `app` are read when a test runs (the file's
 * fixture starts them in its beforeAll).
 */
export function axeScreens(share: 0 | 1, page: () => Page, app: () => RunningApp): void {
  describe(`axe, light and dark (screens, share ${share + 1} of ${SHARES})`, () => {
    it.each(screensOfShare(share))('%s', async (screen) => {
      const path = screen.replace(APP_KEY, app().appKey);
      await showIn(page(), 'light');
      await openScreen(page(), app(), path);
      expect(await axeFindingsLightAndDark(page(), path)).toEqual([]);
    });
  });
}
