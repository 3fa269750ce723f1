/**
 * The admin back-office (issue 4) in Chromium against the real server and its seeded demo:
 * signing in (wrong, then right, returning to the asked-for screen), every list screen's columns
 * and footer, create → success alert → row → public API for pages, posts and sliders, edit,
 * delete through the dialog, search and Clear, paging and page size, uploads in the media picker,
 * logout, and the not-found screen.
 *
 * E2E_STATIC_DIR points at another build than `dist` (a helper's own build folder).
 */
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, localizedFields } from '../../src/shared/entities';
import { STAFF_COOKIE } from '../../src/shared/stored-session';
import { axeFindings } from './axe';
import { appReady, e2eFixture, openFromSidebar, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;
let context: BrowserContext;
let page: Page;

const stamp = Date.now().toString(36);
const FOOTER = /Showing \d+ to \d+ of \d+ entries/;

async function publicGet<T>(path: string): Promise<{ status: number; data: T }> {
  const res = await fetch(`${app.baseUrl}/cms/${path}`, { headers: { 'app-key': app.appKey } });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

async function go(path: string): Promise<void> {
  await page.goto(`${app.baseUrl}${path}`);
}

/** A form input by its field name (labels of required fields carry an asterisk). */
function field(name: string) {
  return page.locator(`[name="${name}"]`);
}

async function waitForList(): Promise<void> {
  await page.getByText(FOOTER).waitFor();
}

/** A real 300×300 PNG (10 KB) for the upload. */
const NOISE_PNG = fs.readFileSync(new URL('../fixtures/noise-300.png', import.meta.url));

const fixture = e2eFixture();

beforeAll(async () => {
  ({ app, browser } = fixture);
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});

describe('admin back-office', () => {
  it('sign-in attempts beyond the limit, and sign-in without a network, each say so', async () => {
    const identifier = `nobody-${stamp}@example.com`;
    for (let i = 0; i < 10; i++) {
      await fetch(`${app.baseUrl}/cms/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier, password: 'wrong-password' }),
      });
    }
    await go('/admin');
    await page.getByLabel('Email or phone').fill(identifier);
    await page.locator('input[name="password"]').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /Try again in \d+ seconds/ })
      .waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('No connection to the server. Check your network and try again.').waitFor();
    await context.setOffline(false);
  });

  it('an empty press on Sign in says what is required, before and after the code arrives, and sends nothing (issue #54)', async () => {
    for (const slowScripts of [true, false]) {
      const tab = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
      const logins: string[] = [];
      tab.on('request', (request) => {
        if (request.url().includes('/cms/api/login')) logins.push(request.url());
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // JavaScript slowed down: the build's scripts wait until the test lets them through.
      if (slowScripts) await tab.route('**/*.js', async (route) => (await held, route.continue()));
      // Slowed, the page is pressed as soon as it shows; fast, once its scripts have loaded.
      await tab.goto(`${app.baseUrl}/admin`, { waitUntil: slowScripts ? 'commit' : 'load' });
      const button = tab.getByRole('button', { name: 'Sign in' });
      await button.waitFor();
      expect(await button.isEnabled()).toBe(true);
      // A press straight at the button, before any of its code has run.
      await button.click({ noWaitAfter: true });
      if (slowScripts) {
        // The browser's own check: the first empty field is named and focused, nothing is sent.
        const missing = await tab.evaluate(() => {
          const focused = document.activeElement as HTMLInputElement | null;
          return { name: focused?.name, missing: focused?.validity.valueMissing };
        });
        expect(missing).toEqual({ name: 'identifier', missing: true });
        // Then the code arrives and answers that press with the screen's own messages (below).
        release();
      }
      // Fast, the press may still come a moment before the island wakes: it is answered the same.
      await tab
        .getByText('Email or phone is required.')
        .waitFor({ timeout: 10_000 })
        .catch(async (error: Error) => {
          throw new Error(`${slowScripts ? 'slowed' : 'fast'}: ${error.message}`);
        });
      await tab.getByText('Password is required.').waitFor();
      // And a press once the code is here is the screen's too.
      await tab.waitForLoadState('networkidle');
      await button.click();
      await tab.getByText('Email or phone is required.').waitFor();
      expect(logins).toEqual([]);
      await tab.context().close();
    }
  });

  it('a press on a filled sign-in form before its code arrives is held and answered once it does (issue #54)', async () => {
    const tab = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const posts: string[] = [];
    tab.on('request', (request) => {
      if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await tab.route('**/*.js', async (route) => (await held, route.continue()));
    await tab.goto(`${app.baseUrl}/admin`, { waitUntil: 'commit' });
    await tab.getByLabel('Email or phone').fill(app.adminEmail);
    await tab.locator('input[name="password"]').fill(app.adminPassword);
    await tab.getByRole('button', { name: 'Sign in' }).click({ noWaitAfter: true });
    // Nothing was posted to the page's address: the press waits for the code.
    expect(posts).toEqual([]);
    expect(new URL(tab.url()).pathname).toBe('/admin');
    release();
    await tab.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(posts).toContain('/cms/api/login');
    expect(posts.filter((path) => path === '/admin')).toEqual([]);
    await tab.context().close();
  });

  it('a signed-out visit to /admin/page shows the login; wrong then right credentials return to it', async () => {
    await go('/admin/page');
    await page.getByRole('heading', { name: 'Admin sign in' }).waitFor();
    expect(await axeFindings(page, 'login')).toEqual([]);

    // The screen's code runs once someone reaches into it: a pointer on its way to the button.
    await page.getByRole('button', { name: 'Sign in' }).hover();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Email or phone is required.').waitFor();
    await page.getByText('Password is required.').waitFor();

    await page.getByLabel('Email or phone').fill(app.adminEmail);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Wrong email/phone or password.').waitFor();

    await page.locator('input[name="password"]').fill(app.adminPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/page');
    await waitForList();
    // Without Remember Me the session lives in sessionStorage only.
    expect(
      await page.evaluate(() => [sessionStorage.getItem('auth_token') !== null, localStorage.getItem('auth_token')]),
    ).toEqual([true, null]);
  });

  it('/admin leads to the dashboard with the site information and report counts', async () => {
    await go('/admin');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/dashboard');
    const report = (await app.api<{ data: Record<string, number> }>('GET', 'app-report')).body.data;
    for (const label of ['Pages', 'Sections', 'Widgets', 'Categories', 'Posts']) {
      await page
        .getByRole('link', { name: new RegExp(`^${label}`) })
        .first()
        .waitFor();
    }
    await page.getByText(String(report.total_page)).first().waitFor();
    for (const label of ['App Key', 'Name', 'Title', 'Description', 'Email', 'Phone', 'Address', 'Web URL', 'Copyright']) {
      await page.getByRole('rowheader', { name: label, exact: true }).waitFor();
    }
    await page.getByRole('cell', { name: app.appKey, exact: true }).waitFor();
    // What needs attention: unread messages, and what staff did lately (the admin signed in).
    const unread = (await app.api<{ data: { count: number } }>('GET', 'messages/unread-count')).body.data.count;
    await page.getByRole('link', { name: unread === 0 ? /No unread messages/ : new RegExp(`${unread} unread`) }).waitFor();
    await page.getByRole('heading', { name: 'Recent activity' }).waitFor();
    await page.getByRole('link', { name: 'All activity' }).waitFor();
    expect(await axeFindings(page, 'dashboard')).toEqual([]);
  });

  // One check per entity, each with its own time: on a busy machine the whole walk outran one
  // test's minute, and a failure names the screen.
  it.each(Object.values(ENTITIES).map((def) => [def.adminPath, def] as const))(
    'the %s list screen shows its columns, Sl., Actions and the footer',
    async (adminPath, def) => {
      await go(`/admin/${adminPath}`);
      await page.getByRole('heading', { name: def.title, level: 1 }).waitFor();
      await waitForList();
      const headers = await page.locator('thead th').allInnerTexts();
      // The spec's columns; the demo site is written in English and Bangla, so a localized
      // entity's list also says which languages each record is in.
      const languages = localizedFields(def).length > 0 ? ['Languages'] : [];
      expect(headers, adminPath).toEqual(['Sl.', ...def.columns.map((c) => c.label), ...languages, 'Actions']);
      await page.getByRole('button', { name: 'Search' }).waitFor();
      await expect(page.getByRole('link', { name: 'Add' }).count()).resolves.toBe(
        def.readOnlyResource || def.resource === 'applications' ? 0 : 1,
      );
    },
  );

  it('a list screen passes axe, and the social overview opens', async () => {
    const last = Object.values(ENTITIES).at(-1)!;
    await go(`/admin/${last.adminPath}`);
    await page.getByRole('heading', { name: last.title, level: 1 }).waitFor();
    await waitForList();
    expect(await axeFindings(page, 'list')).toEqual([]);
    await go('/admin/dashboard/social');
    await page.getByRole('heading', { name: 'Social Overview' }).waitFor();
  });

  it('creates a page: success alert, a row in the list, and the page on the public API', async () => {
    const title = `E2E page ${stamp}`;
    await go('/admin/page');
    await page.getByRole('link', { name: 'Add' }).click();
    await page.getByRole('heading', { name: 'Page', level: 1 }).waitFor();
    expect(await axeFindings(page, 'form')).toEqual([]);
    await field('title').fill(title);
    await field('slug').fill(`e2e-page-${stamp}`);
    await page.getByRole('textbox', { name: 'Content' }).fill('Written in the rich-text editor.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Success! Data updated successfully.').waitFor();

    await page.getByRole('link', { name: 'Back' }).click();
    await page.getByLabel('Search Pages').fill(title);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('cell', { name: title, exact: true }).waitFor();
    await page.getByRole('cell', { name: `[e2e-page-${stamp}]` }).waitFor();

    const published = await publicGet<{ title: string; content: string }>(`pages/e2e-page-${stamp}`);
    expect(published.status).toBe(200);
    expect(published.data.title).toBe(title);
    expect(published.data.content).toContain('<p>Written in the rich-text editor.</p>');
  });

  it('edits the page; the raw HTML view keeps markup as typed', async () => {
    await page.getByRole('link', { name: `Edit E2E page ${stamp}` }).click();
    await expect(field('title').inputValue()).resolves.toBe(`E2E page ${stamp}`);
    await field('title').fill(`E2E page ${stamp} edited`);
    await page.getByText('HTML', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Content' }).fill('<p>Raw <strong>HTML</strong> body</p>');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Success! Data updated successfully.').waitFor();
    // The alert goes away by itself after 3 seconds.
    await page.getByText('Success! Data updated successfully.').waitFor({ state: 'hidden', timeout: 6000 });
    const published = await publicGet<{ title: string; content: string }>(`pages/e2e-page-${stamp}`);
    expect(published.data).toMatchObject({ title: `E2E page ${stamp} edited`, content: '<p>Raw <strong>HTML</strong> body</p>' });
  });

  it('a refused save shows the server message and field errors and keeps what was typed', async () => {
    await go('/admin/post/form');
    await field('sub_title').fill('kept after the error');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Not saved').waitFor();
    await page.getByText('Title is required', { exact: true }).waitFor();
    await expect(field('sub_title').inputValue()).resolves.toBe('kept after the error');
  });

  it('creates a post that the public API then serves', async () => {
    const title = `E2E post ${stamp} with a long title`;
    await go('/admin/post/form');
    await field('title').fill(title);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Success! Data updated successfully.').waitFor();
    const posts = await publicGet<{ data: { title: string; slug: string }[] }>('posts?page=1&size=5');
    const created = posts.data.data.find((p) => p.title === title);
    expect(created).toBeDefined();
    expect((await publicGet<{ title: string }>(`posts/${created!.slug}`)).data.title).toBe(title);
    await go('/admin/post');
    await page
      .getByRole('cell', { name: `${title.slice(0, 20)}...` })
      .first()
      .waitFor();
  });

  it('uploads in the media picker (no file, then a real PNG with progress) and inserts it into a slider', async () => {
    const title = `E2E slider ${stamp}`;
    await go('/admin/slider/form');
    await field('title').fill(title);
    await page.getByRole('button', { name: 'Select Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Image' });
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: 'Insert' }).isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Delete' }).isDisabled()).resolves.toBe(true);

    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('Please select a file to upload.').waitFor();
    expect(await axeFindings(page, 'media picker')).toEqual([]);

    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: `e2e-${stamp}.png`, mimeType: 'image/png', buffer: NOISE_PNG });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('File uploaded successfully!').waitFor();
    await expect(dialog.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).resolves.toBe('100');

    // The new file starts selected; as the spec says (§2.2), a click on the selected file
    // deselects it (Insert is disabled again) and the next click selects it.
    const tile = dialog.getByRole('button', { name: new RegExp(`^e2e-${stamp}.*\\.png$`) });
    const insert = dialog.getByRole('button', { name: 'Insert' });
    await expect(tile.getAttribute('aria-pressed')).resolves.toBe('true');
    await tile.click();
    await expect.poll(() => tile.getAttribute('aria-pressed')).toBe('false');
    await expect(insert.isDisabled()).resolves.toBe(true);
    await dialog.getByText('Click a file to select it.').waitFor();
    await tile.click();
    await expect.poll(() => tile.getAttribute('aria-pressed')).toBe('true');
    await expect(insert.isEnabled()).resolves.toBe(true);
    await expect(tile.textContent()).resolves.toMatch(/\d+ KB · \d{4}-\d{2}-\d{2}/);
    await insert.click();
    await dialog.waitFor({ state: 'hidden' });
    const thumb = await field('thumb').inputValue();
    expect(thumb).toMatch(new RegExp(`^/uploads/e2e-${stamp}.*\\.png$`));
    await page.getByRole('img', { name: 'Thumb preview' }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Success! Data updated successfully.').waitFor();
    const sliders = await publicGet<{ data: { title: string; thumb: string }[] }>('sliders');
    expect(sliders.data.data.find((s) => s.title === title)?.thumb).toBe(thumb);
    expect((await fetch(`${app.baseUrl}${thumb}`)).status).toBe(200);
  });

  it('the media picker takes a dropped or a pasted file, finds files by name, and opens with nothing selected', async () => {
    await go('/admin/slider/form');
    await page.getByRole('button', { name: 'Select Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Image' });
    await dialog.waitFor();
    await expect(dialog.locator('[aria-pressed="true"]').count()).resolves.toBe(0);

    // A file dropped on the panel, as a file manager would drop it.
    const dropped = await page.evaluateHandle(
      ({ bytes, name }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        return transfer;
      },
      { bytes: [...NOISE_PNG], name: `dropped-${stamp}.png` },
    );
    await dialog.locator('.admin-dropzone').dispatchEvent('drop', { dataTransfer: dropped });
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('File uploaded successfully!').waitFor();
    await dialog.getByRole('button', { name: `dropped-${stamp}.png` }).waitFor();

    // A file pasted (a screenshot from the clipboard).
    await page.evaluate(
      ({ bytes, name }) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], name, { type: 'image/png' }));
        window.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer }));
      },
      { bytes: [...NOISE_PNG], name: `pasted-${stamp}.png` },
    );
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await dialog.getByText('File uploaded successfully!').waitFor();
    await dialog.getByRole('button', { name: `pasted-${stamp}.png` }).waitFor();

    await dialog.getByLabel('Search files').fill(`dropped-${stamp}`);
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(1);
    await dialog.getByRole('button', { name: `dropped-${stamp}.png` }).dblclick();
    await dialog.waitFor({ state: 'hidden' });
    expect(await field('thumb').inputValue()).toMatch(new RegExp(`^/uploads/dropped-${stamp}.*\\.png$`));
  });

  it('the Media screen in the sidebar manages the same files, with nothing to insert into', async () => {
    await openFromSidebar(page, 'Media', 'Media library');
    await page.getByRole('heading', { name: 'Media library', level: 1 }).waitFor();
    await page.getByRole('button', { name: `dropped-${stamp}.png` }).click();
    await page.getByText(`Selected: dropped-${stamp}`).waitFor();
    await expect(page.getByRole('button', { name: 'Insert' }).count()).resolves.toBe(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true }).isEnabled()).resolves.toBe(true);
  });

  it('deletes the slider through the confirmation dialog; the list reloads without it', async () => {
    const title = `E2E slider ${stamp}`;
    await go('/admin/slider');
    await waitForList();
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Confirmation' });
    await dialog.getByText('Are you sure to delete?').waitFor();
    await dialog.getByText(`The slider “${title}”`).waitFor();
    await dialog.getByText('It moves to the Trash, where it can be restored for 30 days.').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: `Delete ${title}` }).waitFor({ state: 'detached' });
    const sliders = await publicGet<{ data: { title: string }[] }>('sliders');
    expect(sliders.data.data.some((s) => s.title === title)).toBe(false);
  });

  it('search narrows the list through the URL, and Clear brings every row back', async () => {
    await go('/admin/page');
    await waitForList();
    const all = await page.locator('tbody tr').count();
    await page.getByLabel('Search Pages').fill(`e2e-page-${stamp}`);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/search=/);
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    await page.reload();
    await page.getByText('Showing 1 to 1 of 1 entries').waitFor();
    await expect(page.getByLabel('Search Pages').inputValue()).resolves.toBe(`e2e-page-${stamp}`);
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => !url.search.includes('search='));
    await expect.poll(() => page.locator('tbody tr').count()).toBe(all);
    await expect(page.getByLabel('Search Pages').inputValue()).resolves.toBe('');
  });

  it('pages through a list and changes the page size, with Sl. counting across pages', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await app.api('POST', 'subscribers', { name: `Reader ${i}`, email: `reader-${stamp}-${i}@example.com` });
      expect(res.status).toBe(201);
    }
    const total = (await app.api<{ data: { total: number } }>('GET', 'subscribers?page=1&size=10')).body.data.total;
    await go('/admin/subscribers');
    await page.getByText(`Showing 1 to 10 of ${total} entries`).waitFor();
    await expect(page.locator('tbody tr').count()).resolves.toBe(10);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await page.getByText(`Showing 11 to ${Math.min(20, total)} of ${total} entries`).waitFor();
    await expect(page.locator('tbody tr').first().locator('td').first().innerText()).resolves.toBe('11');
    await expect(page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).resolves.toBe('page');
    await page.goBack();
    await page.getByText(`Showing 1 to 10 of ${total} entries`).waitFor();
    await page.getByLabel('Rows per page').selectOption('25');
    await page.waitForURL(/size=25/);
    await page.getByText(`Showing 1 to ${Math.min(25, total)} of ${total} entries`).waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(Math.min(25, total));
  });

  it('edits the app settings by app key', async () => {
    await go('/admin/app-setting');
    await waitForList();
    await page
      .getByRole('link', { name: /^Edit / })
      .first()
      .click();
    await page.waitForURL(new RegExp(`/admin/app-setting/form/${app.appKey}$`));
    await expect(field('email').getAttribute('type')).resolves.toBe('email');
    const title = `Edited title ${stamp}`;
    await field('title').fill(title);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Success! Data updated successfully.').waitFor();
    expect((await publicGet<{ title: string }>(`applications/${app.appKey}`)).data.title).toBe(title);
  });

  it('reads a contact message in its detail view and deletes it', async () => {
    const res = await fetch(`${app.baseUrl}/cms/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'app-key': app.appKey },
      body: JSON.stringify({ name: 'Rahim', email: `rahim-${stamp}@example.com`, message: 'Please call me back about CoreMF.' }),
    });
    expect(res.status).toBe(201);
    await go('/admin/messages');
    await page.getByRole('link', { name: `View rahim-${stamp}@example.com` }).click();
    await page.getByText('Please call me back about CoreMF.').waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete Confirmation' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admin\/messages$/);
    await waitForList();
    await expect.poll(() => page.locator('tbody').getByText(`rahim-${stamp}@example.com`).count()).toBe(0);
  });

  it('a failed list load shows the error with Retry (and a notification), and Retry loads it', async () => {
    const failing = (url: URL) => url.pathname === '/cms/api/faqs';
    await page.route(failing, (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ message: 'Broken on purpose' }) }),
    );
    await go('/admin/faq');
    await page.getByText('Could not load FAQs').waitFor();
    await page.getByText('Loading FAQs failed').waitFor();
    await page.unroute(failing);
    await page.getByRole('button', { name: 'Retry' }).click();
    await waitForList();
  });

  it('an unknown admin path shows the not-found screen', async () => {
    await go('/admin/unknown');
    await page.getByRole('heading', { name: 'Page Not Found 404' }).waitFor();
    // App settings have no create form, only /admin/app-setting/form/{appKey}.
    await go('/admin/app-setting/form');
    await page.getByRole('heading', { name: 'Page Not Found 404' }).waitFor();
    await go('/admin/unknown/form/1');
    await page.getByRole('heading', { name: 'Page Not Found 404' }).waitFor();
    await go('/admin/page/form/999999');
    await page.getByText('Could not load the Page').waitFor();
  });

  it('never turns an address into a request outside the record it names (issue #53, H1)', async () => {
    const asked: string[] = [];
    const record = (request: { url(): string }) => void asked.push(new URL(request.url()).pathname);
    page.on('request', record);
    try {
      // A crafted link a signed-in admin might follow: once it reached /cms/%61pi/users with their token.
      for (const address of ['/admin/webhooks/form/..%2F..%2F%2561pi%2Fusers%3Fx%3D', '/admin/users/form/..%2F..%2Fmessages']) {
        await go(address);
        await page.getByRole('heading', { name: 'Page Not Found 404' }).waitFor();
      }
    } finally {
      page.off('request', record);
    }
    const api = asked.filter((path) => path.startsWith('/cms/'));
    // Neither record's read nor anything a climbing key reaches (the layout's own reads go on).
    expect(api.filter((path) => /%61pi|%2561pi|\/webhooks|\/users|\.\.|^\/cms\/(api\/)?messages$/.test(path))).toEqual([]);
  });

  it('logs out from the profile menu: token gone, back at /admin with the login screen', async () => {
    await go('/admin/dashboard');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.getByRole('heading', { name: 'Admin sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.evaluate(() => sessionStorage.getItem('auth_token') ?? localStorage.getItem('auth_token'))).toBeNull();
  });

  it('with Remember Me the session is shared by tabs, and logging out in one logs out the other', async () => {
    await page.getByLabel('Email or phone').fill(app.adminEmail);
    await page.locator('input[name="password"]').fill(app.adminPassword);
    await page.getByLabel('Remember Me').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();

    const other = await context.newPage();
    await other.goto(`${app.baseUrl}/admin/faq`);
    await other.getByRole('heading', { name: 'FAQs', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Logout' }).click();
    await other.getByRole('heading', { name: 'Admin sign in' }).waitFor();
    await other.close();
  });

  it('sends the sign-in island without a session and the app with one, a session kept before the hint cookie too', async () => {
    // No service worker: it would open the address from the offline shell, which is the app anyway.
    const fresh = await browser.newContext({ serviceWorkers: 'block' });
    const tab = await fresh.newPage();
    const documentMode = () => tab.evaluate(() => document.documentElement.dataset.mode ?? 'app');
    await tab.goto(`${app.baseUrl}/admin/faq`);
    await appReady(tab);
    expect(await documentMode()).toBe('islands');

    // Signing in stores the session with its hint, and opens the same screen again: now the app.
    await tab.getByLabel('Email or phone').fill(app.adminEmail);
    await tab.locator('input[name="password"]').fill(app.adminPassword);
    await tab.getByRole('button', { name: 'Sign in' }).click();
    await tab.getByRole('heading', { name: 'FAQs', level: 1 }).waitFor();
    expect(new URL(tab.url()).pathname).toBe('/admin/faq');
    expect(await documentMode()).toBe('app');
    expect(await tab.evaluate(() => document.cookie)).toBe(`${STAFF_COOKIE}=1`);

    // A session stored without the cookie: the sign-in document puts the cookie back and reopens once.
    await fresh.clearCookies();
    await tab.goto(`${app.baseUrl}/admin/faq`);
    await tab.getByRole('heading', { name: 'FAQs', level: 1 }).waitFor();
    expect(await documentMode()).toBe('app');

    // Signed out, the hint goes with the session: the next visit gets the sign-in island again.
    await tab.getByRole('button', { name: 'Logout' }).click();
    await tab.getByRole('heading', { name: 'Admin sign in' }).waitFor();
    expect(await tab.evaluate(() => document.cookie)).toBe('');
    await tab.reload();
    await appReady(tab);
    expect(await documentMode()).toBe('islands');
    await fresh.close();
  });
});
