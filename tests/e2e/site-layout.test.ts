/**
 * The public site in Chromium against the real server and its seeded demo (issue 3), first half:
 * every public route arrives rendered on the server and is adopted by the browser, the layout
 * (header, mega-menu, footer) and the home page (slider, template sections).
 *
 * E2E_STATIC_DIR points at another build than `dist` (a helper's own build folder).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { appReady, type RunningApp } from './harness';
import { axeFindings } from './axe';
import { type Named, open, publicGet, site, type SiteInfo, useSite } from './site-fixture';

useSite();
let app: RunningApp;
let browser: typeof site.browser;
let context: typeof site.context;
beforeAll(() => {
  ({ app, browser, context } = site);
});

describe('server rendering', () => {
  it('every public route arrives rendered and is adopted by the browser without an error', async () => {
    const [post] = await publicGet<{ data: Named[] }>('posts?size=1').then((r) => r.data);
    // Without the service worker, which would answer every navigation with its (empty) shell.
    const direct = await browser.newContext({ serviceWorkers: 'block' });
    for (const [path, status] of [
      ['/about', 200],
      ['/news', 200],
      ['/news?page=2', 200],
      [`/news/${post!.slug}`, 200],
      ['/gallery', 200],
      ['/career', 200],
      ['/contact', 200],
      ['/no-such-page', 404],
    ] as const) {
      const html = await (await fetch(`${app.baseUrl}${path}`)).text();
      expect(html, path).toMatch(/<div id="root"><[^/]/);
      // Finished: an islands document, with no router state, no app entry, the islands entry only.
      expect(html, path).toMatch(/<html lang="en" [^>]*data-mode="islands"/);
      expect(html, path).not.toContain('$_TSR');
      expect(html, path).toMatch(/data-entry="\/assets\/islands-[\w-]+\.js"/);
      expect(html, path).not.toMatch(/\/assets\/index-[\w-]+\.js/);
      const page = await direct.newPage();
      const problems: string[] = [];
      page.on(
        'console',
        (m) => void (m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text())),
      );
      page.on('pageerror', (error) => problems.push(error.message));
      const response = await page.goto(`${app.baseUrl}${path}`, { waitUntil: 'networkidle' });
      expect(response?.status(), path).toBe(status);
      await page.locator('main h1').first().waitFor();
      // Styled by the layout's own stylesheet, whatever the page's chunk imports: the skip link
      // waits above the page until it is focused (a news post was once sent without it).
      const skipLink = await page.getByRole('link', { name: 'Skip to content' }).boundingBox();
      expect(skipLink!.y + skipLink!.height, path).toBeLessThanOrEqual(0);
      expect(problems, path).toEqual([]);
      await page.close();
    }
    await direct.close();
  });
});

describe('layout', () => {
  it('header shows the logo, phone and email of the site info; footer has the fixed links and copyright', async () => {
    const site = await publicGet<SiteInfo>(`applications/${app.appKey}`);
    const page = await open('/contact');
    const header = page.locator('header');
    await header.getByRole('img', { name: site.name }).waitFor({ state: 'visible' });
    await header.getByRole('link', { name: site.phone }).waitFor({ state: 'visible' });
    await header.getByRole('link', { name: site.email }).waitFor({ state: 'visible' });

    const footer = page.locator('footer');
    const hrefs = await footer
      .getByRole('navigation')
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual([
      '/about',
      '/annual-reports',
      '/governing-body',
      '/privacy-policy',
      '/career',
      '/terms-and-conditions',
    ]);
    await footer.getByText(site.copyright).waitFor({ state: 'visible' });
    expect(site.copyright).toContain('2024');
    await page.close();
  });

  it('mega-menu opens with the keyboard, shows the About columns, closes with Escape; Archive ends with Gallery', async () => {
    const page = await open('/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const topLabels = await nav.locator('ul').first().locator(':scope > li > :is(a, button)').allInnerTexts();
    expect(topLabels.map((t) => t.trim())).toEqual([
      'Home',
      'About',
      'Program & Services',
      'Development Projects',
      'Archive',
      'Contact',
    ]);

    const about = nav.getByRole('button', { name: 'About' });
    await about.focus();
    await page.keyboard.press('Enter');
    await expect(about.getAttribute('aria-expanded')).resolves.toBe('true');
    for (const heading of ['About Us', 'Governance', 'Working Area & Partners']) {
      await nav.getByRole('list', { name: heading, exact: true }).waitFor({ state: 'visible' });
    }
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.closest('[id$="-panel"]') !== null)).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(about.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toBe('About');

    const programs = nav.getByRole('button', { name: 'Program & Services' });
    await programs.click();
    await nav.getByRole('list', { name: 'Microfinance Loan Products' }).waitFor({ state: 'visible' });
    await nav.getByRole('list', { name: 'Savings Products' }).waitFor({ state: 'visible' });

    await nav.getByRole('button', { name: 'Archive' }).click();
    const gallery = nav.getByRole('link', { name: 'Gallery', exact: true });
    await gallery.click();
    await page.waitForURL('**/gallery');
    await page.getByRole('button', { name: 'Image', exact: true }).waitFor();
    await page.close();
  });

  it('mega-menu: a click on a panel the pointer opened keeps it open; a clicked panel stays when the pointer leaves', async () => {
    const page = await open('/contact');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const about = nav.getByRole('button', { name: 'About' });
    const expanded = () => about.getAttribute('aria-expanded');

    await about.hover();
    await expect.poll(expanded).toBe('true');
    await about.click();
    await expect.poll(expanded).toBe('true'); // the click does not close what the hover showed
    await page.mouse.move(5, 600);
    await expect.poll(expanded).toBe('true'); // opened by a click: it stays
    await about.click();
    await expect.poll(expanded).toBe('false'); // a second click closes it

    await page.mouse.move(5, 600);
    await about.hover();
    await expect.poll(expanded).toBe('true');
    await page.mouse.move(5, 600);
    await expect.poll(expanded).toBe('false'); // only passed over: it closes
    await page.close();
  });

  it('at 820 px (a tablet) the burger serves the menu, and the slider arrows leave the slide text alone', async () => {
    const page = await open('/', { width: 820, height: 700 });
    await expect(page.locator('header nav[aria-label="Main"]').isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();
    const text = await page.locator('.swiper-slide-active h1, .swiper-slide-active h2').first().boundingBox();
    const arrow = await page.locator('.swiper-button-prev').first().boundingBox();
    expect(text && arrow).toBeTruthy();
    // The arrow is below the heading, not over it.
    expect(arrow!.y).toBeGreaterThan(text!.y + text!.height);
    await page.close();
  });

  it.each([320, 390, 820, 1024, 1440])(
    'at %i px the header fits: nothing wraps, is cut off, overlaps or leaves the screen',
    async (width) => {
      const page = await open('/', { width, height: 800 });
      const problems = await page.locator('header').evaluate((header) => {
        const found: string[] = [];
        const shown = [...header.querySelectorAll<HTMLElement>('a, button, img')].filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
        });
        const name = (el: HTMLElement) =>
          el.getAttribute('aria-label') || el.textContent?.trim() || el.getAttribute('alt') || el.tagName;
        for (const el of shown) {
          const box = el.getBoundingClientRect();
          if (box.left < 0 || box.right > window.innerWidth + 0.5) found.push(`${name(el)} leaves the screen`);
          if (el.scrollWidth > el.clientWidth + 1 && el.tagName !== 'IMG') found.push(`${name(el)} is cut off`);
          // A label on one line: no box of its text starts below the bottom of another.
          const texts = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          const lines: DOMRect[] = [];
          for (let node = texts.nextNode(); node; node = texts.nextNode()) {
            const range = document.createRange();
            range.selectNodeContents(node);
            lines.push(...[...range.getClientRects()].filter((r) => r.width > 0));
          }
          if (lines.some((a) => lines.some((b) => b.top >= a.bottom - 2))) found.push(`${name(el)} wraps`);
        }
        // Links and buttons (not an image inside its own link) do not cover each other.
        const targets = shown.filter((el) => el.tagName !== 'IMG');
        for (const [i, a] of targets.entries()) {
          for (const b of targets.slice(i + 1)) {
            if (a.contains(b) || b.contains(a)) continue;
            const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
            const overlap =
              Math.min(p.right, q.right) - Math.max(p.left, q.left) > 1 &&
              Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 1;
            if (overlap) found.push(`${name(a)} overlaps ${name(b)}`);
          }
        }
        if (document.documentElement.scrollWidth > window.innerWidth) found.push('the page scrolls sideways');
        return found;
      });
      expect(problems).toEqual([]);
      // The contact links stay links, named by their number and address, at every width.
      const site = await publicGet<SiteInfo>(`applications/${app.appKey}`);
      await page.locator('header').getByRole('link', { name: site.phone }).waitFor({ state: 'visible' });
      await page.locator('header').getByRole('link', { name: site.email }).waitFor({ state: 'visible' });
      await page.close();
    },
  );

  it('at 1280 px the whole menu fits on one line', async () => {
    const page = await open('/', { width: 1280, height: 800 });
    const tops = await page
      .getByRole('navigation', { name: 'Main' })
      .locator('ul')
      .first()
      .locator(':scope > li > :is(a, button)')
      .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().height)));
    // One line each: as tall as the shortest one.
    expect(Math.max(...tops)).toBe(Math.min(...tops));
    await page.close();
  });

  it('below 992 px (a phone, here) the menu is a burger that opens a drawer', async () => {
    const page = await open('/', { width: 390, height: 844 });
    await expect(page.locator('header nav[aria-label="Main"]').isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await drawer.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await page.getByRole('button', { name: 'Send Message' }).waitFor();
    await drawer.waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('home', () => {
  it('shows the first slide at once, then the slider with arrows and pagination, then every top section by template', async () => {
    const sections = await publicGet<{ data: Named[] }>('sections?is_top=1');
    const posts = await publicGet<{ data: Named[] }>('posts?size=3');
    const sliders = await publicGet<{ data: Named[] }>('sliders');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    const slideShowCode = () => scripts.filter((script) => /\/slide-show-[\w-]+\.js$/.test(script));
    await page.goto(`${app.baseUrl}/`, { waitUntil: 'commit' });
    // The server sent the first slide standing still, without controls; the slider takes over after the reveal delay.
    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect(hero.getAttribute('data-slider')).resolves.toBe('still');
    // The page is adopted without the slider's code (Swiper), which comes when the slider starts.
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    expect(slideShowCode()).toEqual([]);
    await hero.getByRole('heading', { name: sliders.data[0]!.title }).waitFor({ state: 'visible' });
    await expect(page.locator('.swiper-button-next').isVisible()).resolves.toBe(false);
    await page.locator('.swiper-slide-active').waitFor();
    await expect(hero.getAttribute('data-slider')).resolves.toBe('playing');
    await page.locator('.swiper-button-next').waitFor({ state: 'visible' });
    // The arrows are named for screen readers in the page's language (drawn with the page).
    await expect(page.locator('.swiper-button-next').getAttribute('aria-label')).resolves.toBe('Next slide');
    await expect(page.locator('.swiper-button-prev').getAttribute('aria-label')).resolves.toBe('Previous slide');
    await expect(page.locator('.swiper-pagination-bullet').count()).resolves.toBeGreaterThan(1);
    expect(slideShowCode()).toHaveLength(1);

    const known = ['default', 'about_us', '_goals_obj', '_microfinance', '_activities', '_news'];
    for (const section of sections.data.filter((s) => known.includes(s.template ?? ''))) {
      await page.getByRole('heading', { name: section.title, level: 2 }).waitFor({ state: 'visible' });
    }
    await page.getByText('22 years of service').first().waitFor({ state: 'visible' });
    for (const post of posts.data) {
      await page.getByRole('link', { name: post.title }).first().waitFor({ state: 'visible' });
    }
    const news = sections.data.find((s) => s.template === '_news');
    if (news?.link_url) await page.getByRole('link', { name: 'View All' }).waitFor({ state: 'visible' });
    await expect(page.locator('h1').count()).resolves.toBe(1);
    expect(await axeFindings(page, page.url())).toEqual([]);
    await page.close();
  });

  it("fetches the other slides' pictures only once the slider starts, not beside the first slide's", async () => {
    const sliders = await publicGet<{ data: { thumb: string | null }[] }>('sliders');
    const others = sliders.data.slice(1).flatMap((slide) => (slide.thumb ? [slide.thumb.split('/').pop()!] : []));
    expect(others.length).toBeGreaterThan(0);
    // Without the service worker, so every picture comes from the server.
    const direct = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
    const page = await direct.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const othersAsked = () => others.filter((name) => asked.some((pathname) => pathname.includes(`/${name}`)));
    // The slider's behaviour is held back, so the first slide stands still for as long as this looks.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/slider-behaviour-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.baseUrl}/`, { waitUntil: 'load' });
    const hero = page.getByRole('region', { name: 'Highlights' });
    await expect(hero.getAttribute('data-slider')).resolves.toBe('still');
    // The first slide's picture is in, and lazy loading has looked at the laid-out page since (it
    // decides after a frame is drawn): what it was going to fetch near the viewport, it has asked for.
    await expect
      .poll(() =>
        hero
          .locator('.swiper-slide img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(othersAsked()).toEqual([]);
    release();
    await page.locator('section[data-slider="playing"] .swiper-slide-active').waitFor();
    await expect.poll(othersAsked).toEqual(others);
    await direct.close();
  });

  it('opened from another page, arrives in place with the still slide, then the slider starts', async () => {
    // Without the service worker, so the page comes from the server.
    const direct = await browser.newContext({ serviceWorkers: 'block' });
    const page = await direct.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${app.baseUrl}/about`);
    await appReady(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    // Hold the home page back: the page shown stays until it is there, then is replaced at once.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const asked: string[] = [];
    await page.route(`${app.baseUrl}/`, async (route) => {
      asked.push(route.request().headers()['accept'] ?? '');
      await held;
      await route.continue();
    });
    await page.getByRole('banner').getByRole('link', { name: 'Home' }).first().click();
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toContain('text/html');
    await expect(page.locator('main h1').first().textContent()).resolves.not.toBe('');
    expect(await page.getByRole('region', { name: 'Highlights' }).count()).toBe(0);
    release();
    await page.locator('section[data-slider="still"] .swiper-slide').first().waitFor({ state: 'visible' });
    expect(page.url()).toBe(`${app.baseUrl}/`);
    await page.locator('section[data-slider="playing"] .swiper-slide-active').waitFor();
    // The same document all along: the page was replaced in place, not loaded.
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await direct.close();
  });

  it('the slider plays on its own, but not for visitors who ask for reduced motion', async () => {
    const slider = async (reducedMotion: 'reduce' | 'no-preference') => {
      const page = await context.newPage();
      await page.emulateMedia({ reducedMotion });
      await page.goto(`${app.baseUrl}/`);
      await page.locator('section[data-slider="playing"] .swiper-slide-active').waitFor();
      return {
        page,
        active: () => page.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index'),
        /** Swiper's own word on whether autoplay runs (it keeps its instance on the container). */
        autoplaying: () =>
          page.evaluate(
            () =>
              (document.querySelector('.swiper') as { swiper?: { autoplay?: { running?: boolean } } } | null)?.swiper?.autoplay
                ?.running,
          ),
      };
    };
    const playing = await slider('no-preference');
    const first = await playing.active();
    await expect.poll(playing.autoplaying).toBe(true);
    await expect.poll(playing.active, { timeout: 15_000 }).not.toBe(first);
    await playing.page.close();

    const still = await slider('reduce');
    expect(await still.autoplaying()).toBe(false);
    await still.page.close();
  });
});
