/**
 * The site's own analytics in Chromium (issue #62): a visitor reads five pages, one of them again
 * offline from the service worker's copy; each read is counted once (the offline one once the
 * link is back), with its field vitals; no cookie and no storage entry is set; a visitor sending
 * `Sec-GPC: 1` is not counted; and the back-office's Analytics screen shows the views.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, controlledByWorker, e2eFixture, goOffline, goOnline, offlineCapableContext, signedInPage } from './harness';
import { axeFindingsLightAndDark } from './axe';

const fixture = e2eFixture();
const PHONE = { width: 412, height: 900 };

interface Report {
  totals: { views: number };
  pages: { value: string; views: number; visitors: number }[];
  devices: { value: string; views: number }[];
  vitals: { path: string; vitals: { lcp?: { p75: number; samples: number } } }[];
}
const report = async () => {
  const answer = await fixture.app.api<{ data: Report }>('GET', 'analytics');
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const viewsOf = async (path: string) => (await report()).pages.find((row) => row.value === path)?.views ?? 0;

/** Picks the back-office's language in the header's user menu (its label follows the language shown). */
async function pickLanguage(page: Page, menuLabel: string, language: string): Promise<void> {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name: language }).click();
}

describe('built-in analytics', () => {
  it('counts five pages read, one offline counted once when back online, with their vitals, and sets nothing on the device', async () => {
    const base = fixture.app.baseUrl;
    const context = await offlineCapableContext(fixture.browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await controlledByWorker(page);
    await appReady(page);
    // Opened twice (the reload puts it under the service worker), then four more pages.
    for (const path of ['/about', '/news', '/gallery']) {
      await page.goto(`${base}${path}`);
      await appReady(page);
    }
    await expect.poll(() => viewsOf('/gallery'), { timeout: 20_000 }).toBe(1);
    expect(await viewsOf('/')).toBe(2);
    expect(await viewsOf('/about')).toBe(1);
    expect(await viewsOf('/news')).toBe(1);

    // Read again offline, from the service worker's copy: kept on the device, not yet counted.
    await goOffline(context);
    await page.goto(`${base}/news`);
    await appReady(page);
    await page.waitForTimeout(500);
    expect(await viewsOf('/news')).toBe(1);
    await goOnline(context);
    // The next page read online sends it.
    await page.goto(`${base}/contact`);
    await appReady(page);
    await expect.poll(() => viewsOf('/news'), { timeout: 20_000 }).toBe(2);
    expect(await viewsOf('/contact')).toBe(1);
    // Once: nothing sends it again.
    await page.goto(`${base}/about`);
    await appReady(page);
    await expect.poll(() => viewsOf('/about'), { timeout: 20_000 }).toBe(2);
    expect(await viewsOf('/news')).toBe(2);

    // The vitals of the pages left, measured in this browser.
    const shown = await report();
    const measured = shown.vitals.filter((row) => (row.vitals.lcp?.p75 ?? 0) > 0);
    expect(measured.length).toBeGreaterThan(0);
    expect(shown.devices.find((row) => row.value === 'mobile')?.views).toBeGreaterThanOrEqual(7);
    // One visitor (one address, one browser) on each page.
    expect(shown.pages.find((row) => row.value === '/')?.visitors).toBe(1);

    // No cookie, no storage entry.
    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    await context.close();
  });

  it('does not count a visitor whose browser sends Sec-GPC: 1', async () => {
    const before = await viewsOf('/gallery');
    const context = await fixture.browser.newContext({ viewport: PHONE, extraHTTPHeaders: { 'Sec-GPC': '1' } });
    const page = await context.newPage();
    await page.goto(`${fixture.app.baseUrl}/gallery`);
    await appReady(page);
    await page.goto(`${fixture.app.baseUrl}/about`);
    await appReady(page);
    await page.waitForTimeout(1000);
    expect(await viewsOf('/gallery')).toBe(before);
    await context.close();
  });

  it('shows the views on the Analytics screen, with its charts, by day and by week', async () => {
    const total = (await report()).totals.views;
    const page = await signedInPage(fixture.browser, fixture.app);
    await page.goto(`${fixture.app.baseUrl}/admin/analytics`);
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await expect.poll(() => page.getByTestId('analytics-views').textContent()).toContain(String(total));
    await page.getByRole('cell', { name: '/news', exact: true }).first().waitFor();
    expect(await page.getByTestId('analytics-vitals').locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThan(0);
    await page.getByText('Week', { exact: true }).click();
    await expect.poll(() => page.getByTestId('analytics-views').textContent()).toContain(String(total));
    await page.context().close();
  });

  it('draws the Analytics screen’s charts and the dashboard’s count bars in English and Bangla, light and dark, with no serious or moderate axe finding', async () => {
    const page = await signedInPage(fixture.browser, fixture.app);
    const findings: string[] = [];
    try {
      for (const [language, dashboard, analytics, menu] of [
        ['en', 'Dashboard', 'Analytics', 'Profile menu'],
        ['bn', 'ড্যাশবোর্ড', 'অ্যানালিটিক্স', 'Profile menu'],
      ] as const) {
        if (language === 'bn') {
          await pickLanguage(page, menu, 'বাংলা');
          await expect.poll(() => page.evaluate(() => document.documentElement.lang), { timeout: 10_000 }).toBe('bn');
        }
        // The dashboard: the record counts as text, and as bars.
        await page.goto(`${fixture.app.baseUrl}/admin`);
        await page.getByRole('heading', { level: 1, name: dashboard, exact: true }).waitFor();
        await page.getByTestId('count-bars').waitFor();
        expect(await page.getByTestId('count-bars').locator('.admin-bars__bar').count()).toBe(5);
        findings.push(...(await axeFindingsLightAndDark(page, `dashboard, ${language}`)));
        await page.goto(`${fixture.app.baseUrl}/admin/analytics`);
        await page.getByRole('heading', { level: 1, name: analytics, exact: true }).waitFor();
        await page.getByRole('cell', { name: '/news', exact: true }).first().waitFor();
        await expect.poll(() => page.locator('.recharts-surface').count()).toBeGreaterThan(0);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        findings.push(...(await axeFindingsLightAndDark(page, `analytics, ${language}`)));
      }
      expect(findings).toEqual([]);
    } finally {
      // Back to English, as the profile keeps the choice for the next test.
      await pickLanguage(page, 'প্রোফাইল মেনু', 'English').catch(() => undefined);
      await page.context().close();
    }
  }, 180_000);
});
