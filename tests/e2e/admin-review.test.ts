/**
 * Review before publishing in the back-office (issue #61), in Chromium against the real server:
 * on a site where authors must pass review, an author submits their post from its form; the
 * editor finds it under Needs review on the dashboard, requests changes with a comment (refused
 * without one), and after the author submits again approves and publishes it. Visitors read the
 * post only after that. Offline, the editor's approval waits on the device through a reload and
 * lands once when the connection returns; if the author changed the post meanwhile, the approval
 * is refused, shown beside the newer text, and the post is not approved. An author's change to a
 * published post waits as its draft, which the editor approves and publishes from the same card.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { controlledByWorker, e2eFixture, goOffline, goOnline, offlineCapableContext, type RunningApp, signIn } from './harness';

const fixture = e2eFixture();
let app: RunningApp;

beforeAll(async () => {
  app = fixture.app;
  expect((await app.api('PUT', `applications/${app.appKey}`, { review: 'authors' })).status).toBe(200);
});
afterAll(async () => {
  await app?.api('PUT', `applications/${app.appKey}`, { review: 'nobody' });
});

/** A new user of the site with `role`; their email and password. */
async function person(role: 'author' | 'editor'): Promise<{ email: string; password: string }> {
  const email = `${role}-review-${Date.now().toString(36)}@example.org`;
  const password = `${role}-review-password`;
  const made = await app.api('POST', 'users', {
    email,
    name: role === 'author' ? 'A field author' : 'The desk editor',
    password,
    confirm_password: password,
    role,
    sites: app.appKey,
  });
  expect(made.status).toBe(201);
  return { email, password };
}

async function authorToken(): Promise<string> {
  const { email, password } = await person('author');
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

/** A post an author writes with `status: 1`; answers its id. */
async function authorsPost(token: string, title: string, slug: string): Promise<number> {
  const made = await asAuthor(token, 'POST', 'posts', { title, slug, status: 1 });
  expect(made.status).toBe(201);
  return ((await made.json()) as { data: { id: number } }).data.id;
}

/** The admin signed in, in a page of `context`, and where a form's Review card and its stage will be. */
async function signedInReview(context: BrowserContext) {
  const page: Page = await context.newPage();
  await signIn(page, app);
  const panel = page.getByLabel('Review', { exact: true });
  return { page, panel, stage: panel.getByTestId('review-stage') };
}

const visitorStatus = async (slug: string) =>
  (await fetch(`${app.baseUrl}/cms/posts/${slug}`, { headers: { 'app-key': app.appKey } })).status;

describe('review before publishing in the back-office', () => {
  it('an author’s post is submitted, sent back with a comment, approved and published by the editor', async () => {
    const token = await authorToken();
    const slug = `reviewed-${Date.now().toString(36)}`;
    const id = await authorsPost(token, 'From the char lands', slug);
    expect(await visitorStatus(slug)).toBe(404);

    let context: BrowserContext | undefined;
    try {
      context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const { page, panel, stage } = await signedInReview(context);

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
      // In the thread: the same words may also be in a notice, or still in the comment box.
      await panel.getByRole('listitem').getByText('Name the village, please').waitFor();
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

describe('review of a published post’s draft', () => {
  it('an author’s change waits as the draft; the editor approves and publishes it from the Review card', async () => {
    const token = await authorToken();
    const slug = `redrafted-${Date.now().toString(36)}`;
    const id = await authorsPost(token, 'Ferry times', slug);
    expect((await asAuthor(token, 'POST', `posts/${id}/review/submit`, {})).status).toBe(200);
    expect((await app.api('POST', `posts/${id}/review/approve`, {})).status).toBe(200);
    expect((await app.api('POST', `posts/${id}/review/publish`, {})).status).toBe(200);
    const publicTitle = async () =>
      (
        (await (await fetch(`${app.baseUrl}/cms/posts/${slug}`, { headers: { 'app-key': app.appKey } })).json()) as {
          data: { title: string };
        }
      ).data.title;
    expect(await publicTitle()).toBe('Ferry times');

    // The author's change goes to the draft, which they submit.
    expect((await asAuthor(token, 'PUT', `posts/${id}/draft`, { title: 'Ferry times changed' })).status).toBe(200);
    expect((await asAuthor(token, 'POST', `posts/${id}/review/submit`, { target: 'draft' })).status).toBe(200);

    let context: BrowserContext | undefined;
    try {
      context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
      const { page, panel, stage } = await signedInReview(context);
      await page.getByLabel('Needs review', { exact: true }).getByRole('link', { name: 'Ferry times changed' }).click();
      await panel.getByText('Review of the draft (visitors see the published version)').waitFor();
      await expect.poll(() => stage.textContent()).toBe('In review');
      await panel.getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => stage.textContent()).toBe('Approved');
      expect(await publicTitle()).toBe('Ferry times');
      await panel.getByRole('button', { name: 'Publish', exact: true }).click();
      // Published, the draft is gone: the card shows the record, which has passed review.
      await expect.poll(() => stage.textContent()).toBe('Passed review');
      expect(await publicTitle()).toBe('Ferry times changed');
    } finally {
      await context?.close();
    }
  });
});

describe('review steps made offline', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    const editor = await person('editor');
    context = await offlineCapableContext(fixture.browser, { viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signIn(page, { ...app, adminEmail: editor.email, adminPassword: editor.password });
    // Reloading offline needs the service worker and the back-office's files it keeps after sign-in.
    await controlledByWorker(page);
    await page.waitForFunction(() => document.documentElement.dataset.backOffice === 'kept', null, { timeout: 30_000 });
  });
  afterEach(async () => {
    await goOnline(context);
  });
  afterAll(async () => {
    await context?.close();
  });

  /** An author's post, submitted for review. */
  async function submittedPost(title: string): Promise<number> {
    const token = await authorToken();
    const id = await authorsPost(token, title, `offline-${Date.now().toString(36)}`);
    expect((await asAuthor(token, 'POST', `posts/${id}/review/submit`, {})).status).toBe(200);
    authors.set(id, token);
    return id;
  }
  const authors = new Map<number, string>();
  const stageOf = async (id: number) =>
    (await app.api<{ data: { stage: string | null } }>('GET', `posts/${id}/review`)).body.data.stage;
  const approvalsOf = async (id: number) =>
    (
      await app.api<{ data: { data: { record_id: number | null }[] } }>(
        'GET',
        'activity?entity=posts&action=review-approve&size=100',
      )
    ).body.data.data.filter((entry) => entry.record_id === id).length;
  /** True while a step of this post waits in the persisted outbox (what a reload reads). */
  const stepKept = (id: number) =>
    page.evaluate((key) => (localStorage.getItem('orgsite-query-cache') ?? '').includes(key), `"id":"${id}","body":{"version"`);

  /** Opens the post's form, approves it offline with a comment, and reloads the page offline. */
  async function approveOfflineAndReload(id: number, title: string, comment: string): Promise<void> {
    await page.goto(`${app.baseUrl}/admin/post/form/${id}`);
    const panel = page.getByLabel('Review', { exact: true });
    await expect.poll(() => panel.getByTestId('review-stage').textContent()).toBe('In review');
    await goOffline(context);
    await panel.getByLabel('Comment', { exact: true }).fill(comment);
    await panel.getByRole('button', { name: 'Approve' }).click();
    // Shown as waiting in the card, with what it says, and kept for after a reload.
    const waiting = panel.getByRole('status').filter({ hasText: 'Approve: waiting for the connection' });
    await waiting.waitFor();
    await waiting.getByText(comment).waitFor();
    await expect.poll(() => stepKept(id)).toBe(true);
    expect(await stageOf(id)).toBe('in_review');
    await page.reload();
    // Still waiting after the reload: the header lists it by its step and the post's title.
    // Pressed from the keyboard: the offline notices stack over the header's corner.
    const outbox = page.getByRole('button', { name: '1 save waiting for the connection' });
    await outbox.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: `Approve: post “${title}”` }).waitFor();
    await page.keyboard.press('Escape');
  }

  it('an approval made offline survives a reload and lands once when the connection returns', async () => {
    const title = `Approved offline ${Date.now().toString(36)}`;
    const id = await submittedPost(title);
    await approveOfflineAndReload(id, title, 'Fine to go, approved from the bus');
    await goOnline(context);
    await expect.poll(() => stageOf(id), { timeout: 20_000 }).toBe('approved');
    await expect.poll(() => stepKept(id)).toBe(false);
    // Once: one approval in the activity log, one comment in the thread.
    expect(await approvalsOf(id)).toBe(1);
    const thread = await app.api<{ data: { comments: { body: string }[] } }>('GET', `posts/${id}/review`);
    expect(thread.body.data.comments.filter((c) => c.body === 'Fine to go, approved from the bus')).toHaveLength(1);
  });

  it('an approval of a post its author changed meanwhile is refused, shown beside the newer text, never applied', async () => {
    const title = `Changed under review ${Date.now().toString(36)}`;
    const id = await submittedPost(title);
    await approveOfflineAndReload(id, title, 'Approved before the change');
    const edited = await asAuthor(authors.get(id)!, 'PUT', `posts/${id}`, { sub_title: 'A line the editor never read' });
    expect(edited.status).toBe(200);
    await goOnline(context);
    await expect.poll(() => stepKept(id), { timeout: 20_000 }).toBe(false);
    // The form, which waited for the connection to read the record, opens on it as it is now; its
    // Review card shows the refused approval beside it.
    const refusal = page.getByRole('alert').filter({ hasText: 'Approve was not applied: it was made on version' });
    await refusal.waitFor({ timeout: 20_000 });
    await refusal.getByText('A line the editor never read').waitFor();
    expect(await stageOf(id)).toBe('draft');
    expect(await approvalsOf(id)).toBe(0);
    const thread = await app.api<{ data: { comments: { body: string }[] } }>('GET', `posts/${id}/review`);
    expect(thread.body.data.comments.filter((c) => c.body === 'Approved before the change')).toHaveLength(0);
  });
});
