/**
 * The public site in Chromium against the real server and its seeded demo (issue 3), second half:
 * pages, news, the gallery, the subscribe box and the contact form, and stored HTML that cannot
 * run script. Unknown paths read 'Page Not Found 404'; axe finds no serious or critical violation.
 *
 * E2E_STATIC_DIR points at another build than `dist` (a helper's own build folder).
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { appReady, type RunningApp } from './harness';
import { axeFindings } from './axe';
import { type Named, open, publicGet, site, type SiteInfo, useSite } from './site-fixture';

useSite();
let app: RunningApp;
let browser: typeof site.browser;
beforeAll(() => {
  ({ app, browser } = site);
});

describe('pages', () => {
  it('a page shows its title, content and sections; an axe check passes', async () => {
    const about = await publicGet<Named & { sections: Named[] }>('pages/about');
    const page = await open('/about');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(about.title);
    for (const section of about.sections.filter((s) => s.title)) {
      await page.getByRole('heading', { name: section.title }).first().waitFor({ state: 'visible' });
    }
    expect(await axeFindings(page, page.url())).toEqual([]);
    await page.close();
  });

  it("services shows 'Our Service' with six cards", async () => {
    const page = await open('/services');
    const heading = page.getByRole('heading', { name: 'Our Service', exact: true });
    await heading.waitFor();
    const block = page.locator('section', { has: heading });
    const hrefs = await block
      .getByRole('heading', { level: 3 })
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toHaveLength(6);
    expect(new Set(hrefs)).toEqual(
      new Set(['/software-service', '/implementation', '/service', '/network-and-infrastructure', '/specialization']),
    );
    await page.close();
  });

  it("career shows 'Career Page' with the published openings", async () => {
    const careers = await publicGet<{ data: Named[] }>('careers');
    const page = await open('/career');
    await page.getByRole('heading', { name: 'Career Page' }).waitFor();
    expect(careers.data.length).toBeGreaterThan(0);
    for (const career of careers.data) {
      await page.getByRole('heading', { name: career.title }).waitFor();
    }
    await page.close();
  });

  it("unknown slugs and paths read 'Page Not Found 404' with a way home", async () => {
    for (const path of ['/no-such-page-here', '/news/no-such-post', '/a/b/c']) {
      const page = await open(path);
      await page.getByRole('heading', { name: 'Page Not Found 404' }).waitFor();
      await page.getByRole('link', { name: 'Back to the home page' }).click();
      await page.waitForURL(`${app.baseUrl}/`);
      await page.close();
    }
  });
});

describe('news', () => {
  it("a post shows its thumbnail captioned 'FIG', its title and content; /details leads to the listing", async () => {
    const posts = await publicGet<{ data: Named[] }>('posts?size=3');
    const post = posts.data[0]!;
    const page = await open(`/news/${post.slug}`);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(post.title);
    await expect(page.locator('figure figcaption').innerText()).resolves.toBe('FIG');
    expect(await axeFindings(page, page.url())).toEqual([]);
    await page.goto(`${app.baseUrl}/details`);
    await page.waitForURL(/\/news$/);
    await page.getByRole('link', { name: post.title }).first().waitFor();
    await page.close();
  });
});

describe('gallery', () => {
  it("toggles between 'Image' and 'YouTube', opens the lightbox, and passes axe", async () => {
    const items = await publicGet<{ data: { type: string; title: string }[] }>('gallery');
    const page = await open('/gallery');
    const imageButton = page.getByRole('button', { name: 'Image', exact: true });
    const youtubeButton = page.getByRole('button', { name: 'YouTube', exact: true });
    await expect(imageButton.getAttribute('aria-pressed')).resolves.toBe('true');
    const firstImage = items.data.find((i) => i.type === 'image')!;
    await page.getByRole('link', { name: firstImage.title }).first().waitFor();
    expect(await axeFindings(page, page.url())).toEqual([]);

    await page
      .getByRole('button', { name: `View larger: ${firstImage.title}` })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await youtubeButton.click();
    await expect.poll(() => youtubeButton.getAttribute('aria-pressed')).toBe('true');
    const frame = page.locator('iframe').first();
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube(-nocookie)?\.com\/embed\//);
    await expect(page.getByRole('link', { name: firstImage.title }).count()).resolves.toBe(0);

    await imageButton.click();
    await page.getByRole('link', { name: firstImage.title }).first().waitFor();
    await expect(page.locator('iframe').count()).resolves.toBe(0);
    await page.close();
  });

  it('a failed gallery read shows an error with Retry, and Retry loads it', async () => {
    // Its own context without the service worker, whose fetches page.route cannot intercept.
    const isolated = await browser.newContext({ serviceWorkers: 'block' });
    const page = await isolated.newPage();
    // A 4xx is not retried by the client, so the error shows at once.
    // The gallery's read, whatever it asks (a document in a language asks for it: ?locale=).
    const galleryRead = (url: URL) => url.pathname === '/cms/gallery';
    await page.route(galleryRead, (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'The gallery is closed for maintenance' }),
      }),
    );
    // In the app, which reads in the browser: a page the server finishes carries the gallery in its
    // HTML, and one whose read failed there is sent as the app, which reads it again. The shell is
    // that app, opened here directly.
    await page.goto(`${app.baseUrl}/app-shell`);
    await appReady(page);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/gallery');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const alert = page.getByRole('alert').filter({ hasText: 'The gallery could not be loaded.' });
    await alert.getByText('The gallery is closed for maintenance').waitFor();
    await page.unroute(galleryRead);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page
      .getByRole('button', { name: /^View larger/ })
      .first()
      .waitFor();
    await expect(alert.count()).resolves.toBe(0);
    await isolated.close();
  });
});

describe('visitor writes', () => {
  it('the subscribe box creates a subscriber and explains a refused address', async () => {
    const email = `reader-${Date.now()}@example.org`;
    const page = await open('/');
    const box = page.getByRole('form', { name: 'Subscribe to our newsletter' });
    await box.getByLabel('Email address').fill('not-an-email');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await box.getByText('Please enter a valid email address').waitFor();

    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await box.getByText('Thank you for subscribing!').waitFor();
    const list = await app.api<{ data: { data: { email: string }[] } }>(
      'GET',
      `subscribers?search_key=${encodeURIComponent(email)}`,
    );
    expect(list.body.data.data.map((s) => s.email)).toEqual([email]);

    // The same address again gets the same thanks (the box tells no one who is subscribed), and
    // the list still holds it once.
    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await box.getByText('Thank you for subscribing!').waitFor();
    await expect.poll(() => box.getByLabel('Email address').inputValue()).toBe('');
    const again = await app.api<{ data: { data: { email: string }[] } }>(
      'GET',
      `subscribers?search_key=${encodeURIComponent(email)}`,
    );
    expect(again.body.data.data.map((s) => s.email)).toEqual([email]);
    await page.close();
  });

  it('the contact form validates, stores the message and confirms', async () => {
    const text = `Please call me about the savings product (${Date.now()})`;
    const page = await open('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter your name.').waitFor();
    await page.getByText('Please write your message.').waitFor();

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Karim Uddin');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill('karim@example.org');
    await page.getByRole('textbox', { name: 'Message', exact: true }).fill(text);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent').waitFor();
    await expect(page.getByRole('textbox', { name: 'Message', exact: true }).inputValue()).resolves.toBe('');

    const messages = await app.api<{ data: { data: { name: string; email: string; message: string }[] } }>(
      'GET',
      'messages?size=100',
    );
    expect(messages.body.data.data).toContainEqual(
      expect.objectContaining({ name: 'Karim Uddin', email: 'karim@example.org', message: text }),
    );
    await page.close();
  });

  it('contact shows the banner, contact lines, socials and map, and passes axe', async () => {
    const site = await publicGet<SiteInfo & { address: string }>(`applications/${app.appKey}`);
    const page = await open('/contact');
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(site.name);
    await page.getByText(`Address: ${site.address}`).waitFor({ state: 'visible' });
    await page.getByRole('list', { name: 'Follow us' }).waitFor();
    const map = page.locator('section[aria-label="Map"] iframe');
    expect(await map.getAttribute('src')).toMatch(/^https:\/\/www\.google\.com\/maps\/embed/);
    expect(await axeFindings(page, page.url())).toEqual([]);
    await page.close();
  });
});

describe('stored HTML', () => {
  it('script tags, event handlers and foreign frames in page content do not run', async () => {
    const slug = `xss-check-${Date.now()}`;
    const created = await app.api('POST', 'pages', {
      title: 'Sanitiser check',
      slug,
      status: 1,
      content:
        '<p id="kept">Safe paragraph</p>' +
        '<script>window.__xssScript = true</script>' +
        '<img src="x" onerror="window.__xssImg = true">' +
        '<a href="javascript:window.__xssLink = true" id="bad-link">link</a>' +
        '<iframe src="https://evil.example.org/embed/x" id="bad-frame"></iframe>' +
        '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" id="good-frame"></iframe>',
    });
    expect(created.status).toBe(201);
    const direct = await browser.newContext({ serviceWorkers: 'block' });
    const expectClean = async (page: Page) => {
      await page.locator('#kept').waitFor();
      // An error handler, had one survived, would have run once its image settled (src="x" fails).
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      const state = await page.evaluate(() => ({
        script: (window as unknown as Record<string, unknown>).__xssScript ?? null,
        img: (window as unknown as Record<string, unknown>).__xssImg ?? null,
        scriptTags: document.querySelectorAll('main script').length,
        onerror: document.querySelector('main img[src="x"]')?.getAttribute('onerror') ?? null,
        linkHref: document.querySelector('#bad-link')?.getAttribute('href') ?? null,
        badFrame: document.querySelector('#bad-frame') !== null,
        goodFrame: document.querySelector('#good-frame') !== null,
      }));
      expect(state).toEqual({
        script: null,
        img: null,
        scriptTags: 0,
        onerror: null,
        linkHref: null,
        badFrame: false,
        goodFrame: true,
      });
      await page.locator('#bad-link').click();
      await expect(page.evaluate(() => (window as unknown as Record<string, unknown>).__xssLink ?? null)).resolves.toBeNull();
    };

    // Opened directly: the server cleans the HTML it renders.
    const page = await direct.newPage();
    await page.goto(`${app.baseUrl}/${slug}`);
    await expectClean(page);

    // Reached inside the app: the browser cleans it, with the sanitiser loaded on demand.
    const moving = await direct.newPage();
    await moving.goto(`${app.baseUrl}/about`);
    await appReady(moving);
    await moving.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/${slug}`);
    await expectClean(moving);
    await direct.close();
  });
});
