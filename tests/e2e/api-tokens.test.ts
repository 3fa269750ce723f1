/**
 * System → API tokens in Chromium: an admin makes a token, sees it once, a program uses it, renews
 * it (its end moves on), and revoking it (through the delete dialog's question) stops it at once.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eFixture, openFromSidebar, type RunningApp, signedInPage } from './harness';

const fixture = e2eFixture();
let app: RunningApp;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  ({ app, browser } = fixture);
  page = await signedInPage(browser, app);
});
afterAll(async () => {
  await page?.context().close();
});

const pagesWith = (token: string) => fetch(`${app.baseUrl}/cms/api/pages`, { headers: { authorization: `Bearer ${token}` } });

describe('API tokens', () => {
  it('makes a token shown once, which works, is renewed, and works until it is revoked', async () => {
    await page.goto(`${app.baseUrl}/admin/dashboard`);
    await openFromSidebar(page, 'System', 'API tokens');
    await page.getByRole('heading', { name: 'API tokens', level: 1 }).waitFor();

    const form = page.getByRole('form', { name: 'Make a token' });
    await form.getByRole('button', { name: 'Make token' }).click();
    // A refusal names the field; the browser's own check stops an empty name first.
    await expect.poll(() => form.getByLabel('Name').evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(false);
    await form.getByLabel('Name').fill('Static build');
    await form.getByRole('switch', { name: 'Read only' }).check();
    await form.getByRole('button', { name: 'Make token' }).click();

    const shown = page.getByRole('status').filter({ hasText: 'Token “Static build” made' });
    await shown.waitFor();
    const token = (await shown.getByLabel('The new token').textContent())!.trim();
    expect(token).toMatch(/^ost_/);
    expect((await pagesWith(token)).status).toBe(200);

    const row = page.getByRole('table', { name: 'API tokens' }).getByRole('row').filter({ hasText: 'Static build' });
    await expect.poll(() => row.textContent()).toContain('read only');
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    // Made without an end, it ends in LIMITS.apiToken.defaultDays; a renewal pushes that back.
    const ends = async () => {
      const listed = await app.api<{ data: { data: { name: string; expires_at: string }[] } }>('GET', 'api-tokens');
      return Date.parse(listed.body.data.data.find((made) => made.name === 'Static build')!.expires_at);
    };
    const before = await ends();
    await row.getByRole('button', { name: 'Renew Static build' }).click();
    await page.getByText('“Static build” now works until').waitFor();
    await expect.poll(ends).toBeGreaterThan(before);
    expect((await pagesWith(token)).status).toBe(200);

    await row.getByRole('button', { name: 'Revoke Static build' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Confirmation' });
    await dialog.getByText('Are you sure to delete?').waitFor();
    await dialog.getByText('The API token “Static build”').waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain('revoked');
    expect((await pagesWith(token)).status).toBe(401);
  });
});
