/**
 * The site in a second language (issue 32), in Chromium against the seeded demo, which is written
 * in English and Bangla: the switcher keeps the visitor on the same page, each language lives at
 * its own addresses with html lang, canonical and alternate-language links, the sitemap lists them
 * all, an untranslated page says its text is English, and the Bangla pages pass axe.
 */
import { describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { controlledByWorker, goOffline, offlineCapableContext } from './harness';
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
    // The menus stay in Bangla: their site links carry the prefix, and the site's own words are Bangla.
    const menuLinks = await page
      .getByRole('navigation', { name: 'প্রধান' })
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(menuLinks.length).toBeGreaterThan(0);
    expect(menuLinks.every((href) => href!.startsWith('/bn/'))).toBe(true);

    await page.getByRole('navigation', { name: 'প্রধান' }).getByRole('link', { name: 'যোগাযোগ' }).waitFor();
    await page.getByRole('navigation', { name: 'ভাষা' }).getByRole('link', { name: 'English' }).click();
    await page.waitForURL((url) => pathOf(url.href) === '/about');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.close();
  });

  it('names the home slider’s arrows in Bangla once it starts', async () => {
    const page = await open('/bn/');
    await page.locator('.swiper-button-next').waitFor({ state: 'visible' });
    await expect(page.locator('.swiper-button-next').getAttribute('aria-label')).resolves.toBe('পরের স্লাইড');
    await expect(page.locator('.swiper-button-prev').getAttribute('aria-label')).resolves.toBe('আগের স্লাইড');
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
    const context = await offlineCapableContext(site.browser);
    try {
      const page = await context.newPage();
      await page.goto(`${site.app.baseUrl}/`);
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await controlledByWorker(page);
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

  it('says the site’s own words in Bangla, and a refused form post without JavaScript says why in Bangla, keeping what was typed', async () => {
    const context = await site.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${site.app.baseUrl}/bn/contact`);
      await page.getByRole('heading', { level: 2, name: 'যোগাযোগ করুন' }).waitFor();
      expect(await page.getByRole('contentinfo').getByRole('heading', { name: 'দরকারি লিংক' }).count()).toBe(1);
      const form = page.locator('#contact-form');
      await form.getByRole('textbox', { name: 'ইমেইল' }).fill('not-an-address');
      await form.getByRole('textbox', { name: 'বার্তা' }).fill('আমাদের এলাকায় প্রশিক্ষণ কবে শুরু হবে?');
      await page.getByRole('button', { name: 'বার্তা পাঠান' }).click();
      await page.getByText('আপনার নাম লিখুন।').waitFor();
      await page.getByText('সঠিক ইমেইল ঠিকানা লিখুন, যেমন name@example.com।').waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
      expect(await page.locator('textarea[name="message"]').inputValue()).toBe('আমাদের এলাকায় প্রশিক্ষণ কবে শুরু হবে?');
      // The 404 of a Bangla address is in Bangla too.
      const missing = await page.goto(`${site.app.baseUrl}/bn/no-such-page`);
      expect(missing?.status()).toBe(404);
      await page.getByRole('heading', { level: 1, name: 'পাতাটি পাওয়া যায়নি ৪০৪' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('the back-office in Bangla: chosen on the sign-in screen, then per user in My Profile, with its words, questions and refusals', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const page = await context.newPage();
      await page.goto(`${site.app.baseUrl}/admin`);
      await page.getByRole('heading', { name: 'Admin sign in' }).waitFor();
      await page.getByRole('radiogroup', { name: 'Language' }).getByText('বাংলা').click();
      await page.getByRole('heading', { name: 'অ্যাডমিন সাইন ইন' }).waitFor();
      await page.getByLabel('ইমেইল বা ফোন').fill(site.app.adminEmail);
      await page.locator('input[name="password"]').fill(site.app.adminPassword);
      await page.getByRole('button', { name: 'সাইন ইন' }).click();
      await page.getByRole('heading', { level: 1, name: 'ড্যাশবোর্ড' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');

      // A list, its delete question (the spec's, in Bangla), and a form's refusal in Bangla.
      await page.getByRole('navigation', { name: 'অ্যাডমিন স্ক্রিন' }).getByRole('link', { name: 'পাতা', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'পাতা' }).waitFor();
      await page.getByRole('button', { name: /মুছুন$/ }).first().click();
      const dialog = page.getByRole('dialog', { name: 'মুছে ফেলার নিশ্চিতকরণ' });
      await dialog.getByText('আপনি কি নিশ্চিতভাবে মুছে ফেলতে চান?').waitFor();
      await dialog.getByRole('button', { name: 'বন্ধ করুন', exact: true }).click();
      await page.getByRole('link', { name: 'সম্পাদনা' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'পাতা সম্পাদনা' }).waitFor();
      await page.getByLabel('শিরোনাম', { exact: false }).first().fill('');
      await page.getByRole('button', { name: 'সংরক্ষণ', exact: true }).click();
      await page.getByText('শিরোনাম আবশ্যক').waitFor();

      // The choice made per user follows them to another device whose browser speaks English.
      await page.goto(`${site.app.baseUrl}/admin/account`);
      await page.getByRole('heading', { level: 1, name: 'আমার প্রোফাইল' }).waitFor();
      await page.getByRole('combobox', { name: 'ব্যাক-অফিসের ভাষা' }).selectOption({ label: 'বাংলা' });
      await page.getByRole('button', { name: 'তথ্য সংরক্ষণ' }).click();
      await page.getByText('আপনার তথ্য হালনাগাদ হয়েছে।').waitFor();
    } finally {
      await context.close();
    }
    const elsewhere = await site.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    try {
      const page = await elsewhere.newPage();
      await page.goto(`${site.app.baseUrl}/admin`);
      await page.getByLabel('Email or phone').fill(site.app.adminEmail);
      await page.locator('input[name="password"]').fill(site.app.adminPassword);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('heading', { level: 1, name: 'ড্যাশবোর্ড' }).waitFor();
    } finally {
      await elsewhere.close();
      await site.app.api('PUT', '/cms/api/me', { language: null });
    }
  });

  it('Bangla pages have no serious or moderate axe finding', async () => {
    for (const path of ['/bn/', ABOUT_BN, '/bn/news', '/bn/contact']) {
      const page = await open(encodeURI(path));
      expect(await axeFindings(page, path)).toEqual([]);
      await page.close();
    }
  });
});
