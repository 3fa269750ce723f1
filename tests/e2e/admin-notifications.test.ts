/**
 * Notifications of review before publishing (issue #61) in Chromium against the real server: on
 * a site where authors must pass review, an author submits a post and an editor requests changes
 * with a comment; the author signs in and the header's bell counts one unread, its list shows the
 * step, the post's title and the comment, and passes axe open, in light and in dark; opening the
 * item goes to the post's form and the count goes.
 */
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/shared/entities';
import { e2eFixture, type RunningApp } from './harness';
import { axeFindingsLightAndDark } from './axe';

const fixture = e2eFixture();
let app: RunningApp;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  app = fixture.app;
  expect((await app.api('PUT', `applications/${app.appKey}`, { review: 'authors' })).status).toBe(200);
});
afterAll(async () => {
  await app?.api('PUT', `applications/${app.appKey}`, { review: 'nobody' });
});

/** A person of `role` on the app's site, signed in through the API. */
async function person(role: string, name: string) {
  const email = `${role}-bell-${stamp}@example.org`;
  const password = `${role}-bell-password`;
  const made = await app.api('POST', 'users', { email, name, password, confirm_password: password, role, sites: app.appKey });
  expect(made.status).toBe(201);
  const login = await fetch(`${app.baseUrl}/cms/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: email, password }),
  });
  const token = ((await login.json()) as { token: string }).token;
  const send = async (method: string, path: string, body?: unknown) =>
    fetch(`${app.baseUrl}/cms/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, app_key: app.appKey },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { email, password, send };
}

describe('the bell', () => {
  it('tells the author that changes were requested, with the comment, in the back-office', async () => {
    const author = await person('author', 'A field author');
    const editor = await person('editor', 'The desk editor');
    const title = `Flood relief in the char ${stamp}`;
    const made = await author.send('POST', 'posts', { title, slug: `bell-${stamp}`, status: 1 });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { data: { id: number } }).data.id;
    expect((await author.send('POST', `posts/${id}/review/submit`, {})).status).toBe(200);
    const comment = 'Name the union and the date of the visit.';
    expect((await editor.send('POST', `posts/${id}/review/request-changes`, { comment })).status).toBe(200);

    let context: BrowserContext | undefined;
    try {
      context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/admin`);
      await page.getByLabel('Email or phone').fill(author.email);
      await page.locator('input[name="password"]').fill(author.password);
      await page.getByRole('button', { name: 'Sign in' }).click();

      const bell = page.getByRole('button', { name: /^Notifications: \d+ unread$/ });
      await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 30_000 }).toBe('Notifications: 1 unread');
      await bell.click();
      const list = page.getByRole('dialog');
      const item = list.getByRole('link', { name: new RegExp(title) });
      await item.waitFor();
      const text = await item.innerText();
      expect(text).toContain('Changes requested');
      expect(text).toContain(comment);
      expect(text).toContain('The desk editor');

      expect(await axeFindingsLightAndDark(page, "the bell's list", { within: '[role="dialog"]' })).toEqual([]);

      await item.click();
      await page.waitForURL(`**/admin/${ENTITIES.posts.adminPath}/form/${id}`);
      await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications: 0 unread');
    } finally {
      await context?.close();
    }
  });
});
