/**
 * Roles in the back-office, in Chromium against the real server: an editor's sidebar has no Users
 * or App Settings and those addresses say the role does not open them; an author edits their own
 * post and only views others'; My Profile lists where the user is signed in; two-factor sign-in is
 * set up and then asked for; a one-time reset link sets a new password.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentCode } from '../../src/server/security/two-factor';
import { e2eFixture, type RunningApp } from './harness';

const fixture = e2eFixture();
let app: RunningApp;

async function makeUser(role: string): Promise<{ email: string; password: string }> {
  const email = `${role}-${Date.now().toString(36)}@example.org`;
  const password = `${role}-e2e-password`;
  const res = await app.api('POST', 'users', {
    email,
    name: `An ${role}`,
    password,
    confirm_password: password,
    role,
    sites: app.appKey,
  });
  expect(res.status).toBe(201);
  return { email, password };
}

async function signedInPage(user: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${app.baseUrl}/admin/dashboard`);
  await page.getByLabel('Email or phone').fill(user.email);
  await page.locator('input[name="password"]').fill(user.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  return { context, page };
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Admin screens' });

beforeAll(() => {
  app = fixture.app;
});

describe('roles in the back-office', () => {
  it('an editor sees no Users or App Settings, and those addresses are closed to them', async () => {
    const { context, page } = await signedInPage(await makeUser('editor'));
    try {
      await sidebar(page).getByRole('link', { name: 'Posts' }).waitFor();
      // Closed sections keep their links, hidden: they count among those listed.
      await sidebar(page).getByRole('link', { name: 'Activity', includeHidden: true }).waitFor({ state: 'attached' });
      const labels = await sidebar(page).getByRole('link', { includeHidden: true }).allTextContents();
      expect(labels).not.toContain('Users');
      expect(labels).not.toContain('App Settings');

      for (const path of ['/admin/users', '/admin/users/form', `/admin/app-setting/form/${app.appKey}`]) {
        await page.goto(`${app.baseUrl}${path}`);
        await page.getByRole('heading', { name: 'Not available to your role' }).waitFor();
      }
      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'My Profile' }).waitFor();
      expect(await page.getByRole('menuitem', { name: 'Settings' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("an author edits their own post and only views another's", async () => {
    const author = await makeUser('author');
    const login = await fetch(`${app.baseUrl}/cms/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: author.email, password: author.password }),
    });
    const token = ((await login.json()) as { token: string }).token;
    const mine = await fetch(`${app.baseUrl}/cms/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, app_key: app.appKey },
      body: JSON.stringify({ title: 'Written by the author' }),
    });
    expect(mine.status).toBe(201);
    const theirs = await app.api<{ data: { id: number } }>('POST', 'posts', { title: 'Written by the admin' });

    const { context, page } = await signedInPage(author);
    try {
      await page.goto(`${app.baseUrl}/admin/post?search=Written%20by%20the`);
      await page.getByRole('link', { name: 'Edit Written by the author' }).waitFor();
      await page.getByRole('link', { name: 'View Written by the admin' }).waitFor();
      expect(await page.getByRole('button', { name: 'Delete Written by the admin' }).count()).toBe(0);
      await page.goto(`${app.baseUrl}/admin/page`);
      await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Add' }).count()).toBe(0);
      await page.goto(`${app.baseUrl}/admin/post/form/${theirs.body.data.id}`);
      await page.getByText('Written by the admin').waitFor();
      expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('My Profile lists the sessions, this device first', async () => {
    const { context, page } = await signedInPage(await makeUser('viewer'));
    try {
      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'My Profile' }).click();
      await page.getByRole('heading', { name: 'My Profile', level: 1 }).waitFor();
      await page.getByText('This device', { exact: true }).waitFor();
      await page.getByText(/Role: Viewer/).waitFor();
    } finally {
      await context.close();
    }
  });

  it('sets up two-factor sign-in from My Profile, and then asks for a code after the password', async () => {
    const user = await makeUser('editor');
    const { context, page } = await signedInPage(user);
    try {
      await page.goto(`${app.baseUrl}/admin/account`);
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      // A stolen session is not enough to bind a phone: the password is asked first.
      const setUp = page.locator('form').filter({ has: page.getByRole('button', { name: 'Set up two-factor sign-in' }) });
      await setUp.getByLabel('Current password').fill(user.password);
      await setUp.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
      await page.getByRole('img', { name: 'QR code to scan with an authenticator app' }).waitFor();
      const secret = (await page.getByTestId('totp-secret').textContent())!;
      await page.getByLabel('Code from the app').fill(currentCode(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      await page.getByText('Your recovery codes').waitFor();

      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Log Out' }).click();
      await page.getByLabel('Email or phone').fill(user.email);
      await page.locator('input[name="password"]').fill(user.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByLabel('Authentication code').fill('000000');
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
      // The code that turned it on was taken; the app's next one is accepted early (clocks drift).
      await page.getByLabel('Authentication code').fill(currentCode(secret, Date.now() + 30_000));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("'Forgot Password' explains the reset link, and a link from an admin sets a new password once", async () => {
    const user = await makeUser('viewer');
    const users = await app.api<{ data: { data: { id: number; email: string }[] } }>(
      'GET',
      `users?search_key=${encodeURIComponent(user.email)}`,
    );
    const id = users.body.data.data[0]!.id;
    const link = await app.api<{ data: { url: string } }>('POST', `users/${id}/reset-link`);
    const context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${app.baseUrl}/admin`);
      await page.getByRole('link', { name: 'Forgot Password' }).click();
      await page.getByText(/one-time link that an administrator makes/).waitFor();

      // The token travels in the fragment (sent to no server) and leaves the address on arrival.
      expect(new URL(link.body.data.url).hash).toMatch(/^#token=/);
      await page.goto(link.body.data.url);
      await page.getByText(`A new password for ${user.email}.`).waitFor();
      await expect.poll(() => page.url()).toBe(`${app.baseUrl}/admin/reset-password`);
      await page.locator('input[name="password"]').fill('reset-via-link-1');
      await page.locator('input[name="confirm_password"]').fill('reset-via-link-1');
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.getByText('Your password is set').waitFor();
      await page.goto(link.body.data.url);
      await page.getByText('This link cannot be used').waitFor();
    } finally {
      await context.close();
    }
    const login = await fetch(`${app.baseUrl}/cms/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: user.email, password: 'reset-via-link-1' }),
    });
    expect(login.status).toBe(200);
  });
});
