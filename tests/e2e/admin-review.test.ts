/**
 * Review before publishing in the back-office (issue #61), in Chromium against the real server:
 * on a site where authors must pass review, an author submits their post from its form; the
 * editor finds it under Needs review on the dashboard, requests changes with a comment (refused
 * without one), and after the author submits again approves and publishes it. Visitors read the
 * post only after that.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eFixture, type RunningApp, signIn } from './harness';

const fixture = e2eFixture();
let app: RunningApp;

beforeAll(async () => {
  app = fixture.app;
  expect((await app.api('PUT', `applications/${app.appKey}`, { review: 'authors' })).status).toBe(200);
});
afterAll(async () => {
  await app?.api('PUT', `applications/${app.appKey}`, { review: 'nobody' });
});

async function authorToken(): Promise<string> {
  const email = `author-review-${Date.now().toString(36)}@example.org`;
  const password = 'author-review-password';
  const made = await app.api('POST', 'users', {
    email,
    name: 'A field author',
    password,
    confirm_password: password,
    role: 'author',
    sites: app.appKey,
  });
  expect(made.status).toBe(201);
  const login = await fetch(`${app.baseUrl}/cms/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password }),
  });
  const token = ((await login.json()) as { token: string }).token;
  return token;
}

const asAuthor = (token: string, method: string, path: string, body?: unknown) =>
  fetch(`${app.baseUrl}/cms/api/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, app_key: app.appKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const visitorStatus = async (slug: string) =>
  (await fetch(`${app.baseUrl}/cms/posts/${slug}`, { headers: { 'app-key': app.appKey } })).status;

describe('review before publishing in the back-office', () => {
  it('an author’s post is submitted, sent back with a comment, approved and published by the editor', async () => {
    const token = await authorToken();
    const slug = `reviewed-${Date.now().toString(36)}`;
    const made = await asAuthor(token, 'POST', 'posts', { title: 'From the char lands', slug, status: 1 });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { data: { id: number } }).data.id;
    expect(await visitorStatus(slug)).toBe(404);

    let context: BrowserContext | undefined;
    try {
      context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page: Page = await context.newPage();
      await signIn(page, app);
      const panel = page.getByLabel('Review', { exact: true });
      const stage = panel.getByTestId('review-stage');

      // The author submits through the API (their own form is covered by the same panel).
      expect((await asAuthor(token, 'POST', `posts/${id}/review/submit`, {})).status).toBe(200);
      await page.reload();
      // Listed under every kind and under posts, not under pages.
      const needsReview = page.getByLabel('Needs review', { exact: true });
      const link = needsReview.getByRole('link', { name: 'From the char lands' });
      await link.waitFor();
      await needsReview.getByLabel('Kind of record').selectOption({ label: 'Pages' });
      await expect.poll(() => link.count()).toBe(0);
      await needsReview.getByLabel('Kind of record').selectOption({ label: 'Posts' });
      await link.click();
      await expect.poll(() => stage.textContent()).toBe('In review');

      // Changes are requested with the reason, never without.
      await panel.getByRole('button', { name: 'Request changes' }).click();
      await page.getByText('Write what to change first').waitFor();
      await panel.getByLabel('Comment', { exact: true }).fill('Name the village, please');
      await panel.getByRole('button', { name: 'Request changes' }).click();
      await expect.poll(() => stage.textContent()).toBe('Draft');
      await page.getByText('Name the village, please').waitFor();
      expect(await visitorStatus(slug)).toBe(404);

      // The author edits and submits again; the comment is now about an earlier version.
      expect((await asAuthor(token, 'PUT', `posts/${id}`, { sub_title: 'Char Fasson' })).status).toBe(200);
      expect((await asAuthor(token, 'POST', `posts/${id}/review/submit`, {})).status).toBe(200);
      await page.reload();
      await expect.poll(() => stage.textContent()).toBe('In review');
      await page.getByText(/about an earlier version/).waitFor();

      await panel.getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => stage.textContent()).toBe('Approved');
      expect(await visitorStatus(slug)).toBe(404);
      await panel.getByRole('button', { name: 'Publish', exact: true }).click();
      await expect.poll(() => stage.textContent()).toBe('Passed review');
      expect(await visitorStatus(slug)).toBe(200);
    } finally {
      await context?.close();
    }
  });
});
