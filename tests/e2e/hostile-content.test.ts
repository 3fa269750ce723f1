/**
 * A corpus of script-injection vectors (tests/fixtures/xss-vectors.ts) stored in every field the
 * public site renders (page, section, widget, post, slider, menu, site settings) never runs: neither
 * in the server-rendered page nor after in-app navigation, with the real Content-Security-Policy
 * and with the browser told to ignore it (so the sanitiser and React's escaping stand alone).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { JS, XSS_VECTORS } from '../fixtures/xss-vectors';
import { appReady, e2eFixture, type RunningApp } from './harness';

const fixture = e2eFixture();
let app: RunningApp;

/** Vector `n` with its script recording `n` in the top window if it ever runs. */
const armed = (n: number) =>
  XSS_VECTORS[n % XSS_VECTORS.length]!.replaceAll(JS, `top.__xssHits=(top.__xssHits||[]).concat(${n})`);
const corpus = XSS_VECTORS.map((_, n) => armed(n)).join('\n');

async function created(resource: string, body: Record<string, unknown>): Promise<{ id: number }> {
  const res = await app.api<{ data: { id: number } }>('POST', resource, body);
  expect(res.status, `${resource}: ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.data;
}

/** What ran in the page: recorded hits and any dialog a vector opened. */
async function hits(page: Page, dialogs: string[]): Promise<unknown> {
  // A surviving error or load handler would have run once its image settled; lazy images below the
  // fold are not loaded at all, so they are scrolled into view first.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => [...document.images].every((img) => img.complete || img.loading === 'lazy'));
  return { hits: await page.evaluate(() => (window as unknown as { __xssHits?: number[] }).__xssHits ?? []), dialogs };
}

async function openPage(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(`${app.baseUrl}${path}`);
  await appReady(page);
  return { page, dialogs };
}

beforeAll(async () => {
  ({ app } = fixture);
  const page = await created('pages', { title: armed(0), sub_title: armed(1), slug: 'xss-corpus', content: corpus, status: 1 });
  const section = await created('sections', {
    page_id: page.id,
    title: armed(3),
    sub_title: armed(4),
    content: corpus,
    status: 1,
  });
  await created('widgets', { section_id: section.id, title: armed(5), sub_title: armed(6), content: corpus, status: 1 });
  await created('sections', { title: armed(7), content: corpus, is_top: 1, template: 'default', status: 1, sort_order: 0 });
  await created('posts', { title: armed(8), sub_title: armed(9), slug: 'xss-post', content: corpus, status: 1 });
  await created('sliders', { title: armed(10), sub_title: armed(11), description: armed(12), status: 1 });
  await created('menus', { title: armed(13), slug: '/xss-corpus', location: 'ab1', shortcode: 'TOPMENU', status: 1 });
  await created('faqs', { faq_title: armed(14), faq_content: corpus, status: 1 });
  const settings = await app.api('PUT', `applications/${app.appKey}`, {
    address: armed(15),
    copyright: armed(16),
    title: armed(17),
  });
  expect(settings.status).toBe(200);
});

describe.each([
  ['with the Content-Security-Policy', false],
  ['with the Content-Security-Policy ignored', true],
])('hostile content %s', (_name, bypassCSP) => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await fixture.browser.newContext({ bypassCSP, serviceWorkers: 'block' });
  });

  it.each(['/xss-corpus', '/news/xss-post', '/', '/news'])('runs nothing on %s as the server renders it', async (path) => {
    const { page, dialogs } = await openPage(context, path);
    expect(await hits(page, dialogs)).toEqual({ hits: [], dialogs: [] });
    await page.close();
  });

  it('would notice a vector that ran (the detector works), and the corpus is on the page', async () => {
    const { page, dialogs } = await openPage(context, '/xss-corpus');
    await page.getByText('entity link').first().waitFor();
    await page.evaluate('top.__xssHits=(top.__xssHits||[]).concat(99)');
    expect(await hits(page, dialogs)).toEqual({ hits: [99], dialogs: [] });
    await page.close();
  });

  it('runs nothing after in-app navigation, and shows text fields as text', async () => {
    const { page, dialogs } = await openPage(context, '/');
    await page.locator('a[href="/xss-corpus"]').first().dispatchEvent('click');
    await page.waitForURL(/\/xss-corpus$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(armed(0));
    expect(await hits(page, dialogs)).toEqual({ hits: [], dialogs: [] });
    await page.close();
  });
});

it(`stores a corpus of ${XSS_VECTORS.length} vectors`, () => {
  expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(60);
});
