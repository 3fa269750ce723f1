/**
 * The site in a second language (issue 32), in Chromium against the seeded demo, which is written
 * in English and Bangla: the switcher keeps the visitor on the same page, each language lives at
 * its own addresses with html lang, canonical and alternate-language links, the sitemap lists them
 * all, an untranslated page says its text is English, and the Bangla pages pass axe.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { goOffline } from './harness';
import { open, site, useSite } from './site-fixture';

useSite();

const ABOUT_BN = '/bn/আমাদের-কথা';
const html = async (path: string) => (await fetch(`${site.app.baseUrl}${path}`)).text();
const pathOf = (url: string) => decodeURIComponent(new URL(url).pathname);

describe('the site in Bangla', () => {
  it('switching to Bangla on /about lands on the Bangla page, in Bangla, and back', async () => {
    const page = await open('/about');
    const languages = page.getByRole('navigation', { name: 'Language' });
    await languages.getByRole('link', { name: 'বাংলা' }).click();
    await page.waitForURL((url) => pathOf(url.href) === ABOUT_BN);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    await page.getByRole('heading', { level: 1, name: 'আমাদের কথা' }).waitFor();
    // The menus stay in Bangla: their site links carry the prefix.
    const menuLinks = await page
      .getByRole('navigation', { name: 'Main' })
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(menuLinks.length).toBeGreaterThan(0);
    expect(menuLinks.every((href) => href!.startsWith('/bn/'))).toBe(true);

    await languages.getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => pathOf(url.href) === '/about');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.close();
  });

  it('opens a page by its English slug under the prefix, and names the Bangla address canonical', async () => {
    const page = await open('/bn/about');
    await page.getByRole('heading', { level: 1, name: 'আমাদের কথা' }).waitFor();
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(pathOf(canonical!)).toBe(ABOUT_BN);
    await page.close();
  });

  it('names each page’s languages in hreflang links, with x-default', async () => {
    const about = await html('/about');
    const alternates = [...about.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
      lang,
      pathOf(href!),
    ]);
    expect(alternates).toEqual([
      ['en', '/about'],
      ['bn', ABOUT_BN],
      ['x-default', '/about'],
    ]);
    expect(await html('/bn/news')).toMatch(/<html lang="bn"/);
    expect(await html('/bn/news')).toMatch(/<link rel="canonical" href="[^"]+\/bn\/news"/);
  });

  it('lists every language’s addresses in the sitemap with their alternates', async () => {
    const sitemap = await html('/sitemap.xml');
    const entry = sitemap.split('\n').find((line) => line.includes(`${encodeURI(ABOUT_BN)}</loc>`));
    expect(entry).toMatch(/hreflang="en" href="[^"]+\/about"/);
    expect(entry).toMatch(/hreflang="x-default" href="[^"]+\/about"/);
    expect(sitemap).toMatch(/<loc>[^<]+\/bn\/<\/loc>/);
  });

  it('shows an untranslated page’s English text under /bn/, marked lang="en"', async () => {
    const page = await open('/bn/mission-vision');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    const heading = page.getByRole('heading', { level: 1, name: 'Mission & Vision' });
    expect(await heading.getAttribute('lang')).toBe('en');
    await page.close();
  });

  it('reads the Bangla pages visited once offline, in Bangla, beside the English ones', async () => {
    const context = await site.browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${site.app.baseUrl}/`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const visited = ['/about', encodeURI(ABOUT_BN), '/bn/'];
      const online = new Map<string, string | null>();
      for (const path of visited) {
        await page.goto(`${site.app.baseUrl}${path}`);
        online.set(path, await page.locator('h1').first().textContent());
      }
      await goOffline(context);
      for (const path of visited) {
        await page.goto(`${site.app.baseUrl}${path}`);
        expect(await page.locator('h1').first().textContent(), path).toBe(online.get(path));
        expect(await page.evaluate(() => document.documentElement.lang), path).toBe(path === '/about' ? 'en' : 'bn');
      }
    } finally {
      await context.close();
    }
  });

  it('Bangla pages have no serious or moderate axe finding', async () => {
    for (const path of ['/bn/', ABOUT_BN, '/bn/news', '/bn/contact']) {
      const page = await open(encodeURI(path));
      const { violations } = await new AxeBuilder({ page }).analyze();
      const findings = violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.impact === 'moderate')
        .map((v) => `${path} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(findings).toEqual([]);
      await page.close();
    }
  });
});
