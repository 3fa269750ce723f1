/**
 * A person's data in Chromium against the real server: an admin exports what is held about an
 * address on System → A person's data (a JSON file), then erases it after the delete question.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { e2eFixture, openFromSidebar, signedInPage } from './harness';

const fixture = e2eFixture();

describe('a person’s data', () => {
  it('exports an address’s subscription and message as JSON, then erases them', async () => {
    const { app, browser } = fixture;
    const email = `rahima-${Date.now()}@example.org`;
    expect((await app.api('POST', 'subscribers', { email, name: 'Rahima' })).status).toBe(201);
    const sent = await fetch(`${app.baseUrl}/cms/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', app_key: app.appKey },
      body: JSON.stringify({ name: 'Rahima', email, message: 'Please forget me' }),
    });
    expect(sent.status).toBe(201);

    const page = await signedInPage(browser, app);
    await openFromSidebar(page, 'System', 'A person’s data');
    await page.getByRole('heading', { name: 'A person’s data', level: 1 }).waitFor();
    await page.getByLabel('Email address').fill(email);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-person-')), download.suggestedFilename());
    await download.saveAs(file);
    const exported = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(exported.subscriptions.map((s: { email: string }) => s.email)).toEqual([email]);
    expect(exported.messages.map((m: { message: string }) => m.message)).toEqual(['Please forget me']);

    await page.getByRole('button', { name: 'Erase' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Are you sure to delete?').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Erased. Subscriptions: 1, messages: 1.' }).first().waitFor();

    const after = await app.api<{ data: { subscriptions: unknown[]; messages: unknown[] } }>(
      'GET',
      `people/export?email=${encodeURIComponent(email)}`,
    );
    expect([after.body.data.subscriptions, after.body.data.messages]).toEqual([[], []]);
  });
});
