/**
 * Publishing in Chromium against the real server: a post scheduled a few seconds ahead appears on
 * the public site by itself (no save, no restart); a draft leaves the live page alone while its
 * preview link shows it (unindexed; a guessed link is Not Found) until Publish; a delete goes to
 * the Trash, Undo and Restore bring the record back.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dateTimeOf } from '../../src/shared/date-time';
import { appReady, e2eFixture, signIn, type RunningApp } from './harness';

const fixture = e2eFixture();
let app: RunningApp;
const contexts: BrowserContext[] = [];
const stamp = Date.now().toString(36);

async function newPage(): Promise<Page> {
  const context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

/** A visitor who has never been here: nothing kept in their browser. */
async function visit(path: string): Promise<Page> {
  const page = await newPage();
  await page.goto(`${app.baseUrl}${path}`);
  return page;
}

/**
 * The document a visitor's first look at a page gets, as the server sent it: right after an
 * acknowledged write (or a scheduled time) it is already the new page, not a copy kept from before.
 */
async function firstLook(path: string): Promise<{ page: Page; html: string }> {
  const page = await newPage();
  const answer = await page.goto(`${app.baseUrl}${path}`);
  return { page, html: (await answer?.text()) ?? '' };
}

async function staffPage(): Promise<Page> {
  const page = await newPage();
  await signIn(page, app);
  return page;
}

beforeAll(() => {
  app = fixture.app;
});
afterAll(async () => {
  for (const context of contexts) await context.close();
});

describe('scheduling', () => {
  it('a post scheduled a few seconds ahead appears on the public site by itself', async () => {
    const title = `Scheduled ${stamp}`;
    const slug = `scheduled-${stamp}`;
    // Signed in first: the sign-in is not what the time ahead is for.
    const staff = await staffPage();
    // Far enough ahead for the checks below on a loaded 2-core CI machine (6 s was not).
    const at = Math.ceil((Date.now() + 15_000) / 1000) * 1000;
    const created = await app.api('POST', 'posts', { title, slug, status: 1, publish_at: dateTimeOf(at) });
    expect(created.status).toBe(201);

    // Before its time the post is nowhere; these visits fill the server's page and API caches.
    const early = await visit(`/news/${slug}`);
    await early.getByText('Page Not Found').first().waitFor();
    const news = await visit('/news');
    await appReady(news);
    expect(await news.getByText(title).count()).toBe(0);

    await staff.goto(`${app.baseUrl}/admin/post?search=${slug}`);
    await staff
      .getByRole('row', { name: new RegExp(title) })
      .getByText('Scheduled', { exact: true })
      .waitFor();
    expect(Date.now(), 'the checks before its time ran before its time').toBeLessThan(at);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 300));
    const later = await firstLook(`/news/${slug}`);
    expect(later.html).toContain(title);
    await later.page.getByRole('heading', { name: title }).waitFor();
    const listed = await firstLook('/news');
    expect(listed.html).toContain(title);
  });
});

describe('drafts and preview links', () => {
  it('a saved draft leaves the live post alone; its preview link shows it; Publish makes it live', async () => {
    const slug = `drafted-${stamp}`;
    const created = await app.api<{ data: { id: number } }>('POST', 'posts', { title: 'Published text', slug, status: 1 });
    const id = created.body.data.id;
    const staff = await staffPage();
    await staff.goto(`${app.baseUrl}/admin/post/form/${id}`);
    const title = staff.locator('[name="title"]');
    await expect.poll(() => title.inputValue()).toBe('Published text');
    await title.fill('Draft text');
    await staff.getByRole('button', { name: 'Save draft' }).click();
    await staff.getByText('Draft saved. Visitors still see the published version').waitFor();
    await staff.getByText('You are editing a draft').waitFor();

    const live = await visit(`/news/${slug}`);
    await live.getByRole('heading', { name: 'Published text' }).waitFor();

    await staff.getByRole('button', { name: 'Preview' }).click();
    const link = await staff.getByRole('link', { name: 'Open preview' }).getAttribute('href');
    expect(link).toMatch(new RegExp(`/news/${slug}\\?preview=`));
    const preview = await newPage();
    const answer = await preview.goto(link!);
    expect(answer?.headers()['x-robots-tag']).toBe('noindex');
    await preview.getByRole('heading', { name: 'Draft text' }).waitFor();
    expect(await preview.locator('meta[name="robots"]').getAttribute('content')).toMatch(/noindex/);
    // The live page still shows the published text, after the preview too.
    await live.reload();
    await live.getByRole('heading', { name: 'Published text' }).waitFor();

    const guessed = await newPage();
    const refused = await guessed.goto(`${app.baseUrl}/news/${slug}?preview=posts.${id}.9999999999999.guessed`);
    expect(refused?.status()).toBe(404);
    await guessed.getByText('Page Not Found').first().waitFor();

    await staff.getByRole('button', { name: 'Publish', exact: true }).click();
    await staff.getByText('Success! Data updated successfully.').waitFor();
    expect((await app.api<{ data: unknown }>('GET', `posts/${id}/draft`)).body.data).toBeNull();
    const after = await firstLook(`/news/${slug}`);
    expect(after.html).toContain('Draft text');
    await after.page.getByRole('heading', { name: 'Draft text' }).waitFor();
  });
});

describe('trash', () => {
  it('a deleted FAQ can be brought back by Undo, and from the Trash view', async () => {
    const question = `Trashed question ${stamp}`;
    await app.api('POST', 'faqs', { faq_title: question, status: 1 });
    const staff = await staffPage();
    await staff.goto(`${app.baseUrl}/admin/faq?search=${encodeURIComponent(question)}`);
    const deleteIt = async () => {
      await staff.getByRole('button', { name: `Delete ${question}` }).click();
      const dialog = staff.getByRole('dialog', { name: 'Delete Confirmation' });
      await dialog.getByText('It moves to the Trash').waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await staff.getByRole('button', { name: `Delete ${question}` }).waitFor({ state: 'detached' });
    };
    await deleteIt();
    await staff.getByRole('button', { name: 'Undo' }).click();
    await staff.getByRole('button', { name: `Delete ${question}` }).waitFor();

    await deleteIt();
    await staff.getByRole('link', { name: 'Trash' }).click();
    await staff.getByRole('heading', { name: 'FAQs: Trash' }).waitFor();
    await staff.getByRole('button', { name: `Restore ${question}` }).click();
    await staff.getByRole('button', { name: `Restore ${question}` }).waitFor({ state: 'detached' });
    const faqs = await app.api<{ data: { data: { faq_title: string }[] } }>(
      'GET',
      `faqs?search_key=${encodeURIComponent(question)}`,
    );
    expect(faqs.body.data.data.map((f) => f.faq_title)).toEqual([question]);
  });
});
