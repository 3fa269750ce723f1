/**
 * The built-in flow inspector (/admin/flows, issue 57), in Chromium against the real server: every
 * machine drawn from its definition, offline too; the runs of other tabs shown live (a back-office
 * form, and a public page's gallery with `?flows`); secrets masked; a log exported here replays in
 * another browser. An editor gets neither the screen nor the switch.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { FLOWS } from '../../machines/flows';
import { appReady, controlledByWorker, e2eFixture, goOffline, goOnline, offlineCapableContext, type RunningApp } from './harness';

const fixture = e2eFixture();
let app: RunningApp;
beforeAll(() => {
  app = fixture.app;
});

async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${app.baseUrl}/admin`);
  await page.getByLabel('Email or phone').fill(email);
  await page.locator('input[name="password"]').fill(password);
  // Remembered: the session is the browser's, so the site's pages in other tabs see it too.
  await page.getByLabel('Remember Me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

const machineButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Machines' }).getByRole('button', { name: new RegExp(`^${name}(?![\\w-])`) });
const stepsShown = (page: Page) => page.locator('[data-state-reached]').allTextContents();
const eventsShown = (page: Page) => page.locator('table[data-steps] code').allTextContents();

describe('the flows inspector', () => {
  it('draws every machine offline, follows other tabs live, masks secrets, and replays an exported log elsewhere', async () => {
    const context = await offlineCapableContext(fixture.browser, {
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await signInThroughForm(page, app.adminEmail, app.adminPassword);
    await controlledByWorker(page);
    await page.waitForFunction(() => document.documentElement.dataset.backOffice === 'kept', null, { timeout: 30_000 });

    // A deletion asked for and called off; then, in place (the tab's recording stays), the inspector.
    const title = `Kept FAQ ${Date.now()}`;
    expect((await app.api('POST', 'faqs', { faq_title: title, status: 1 })).status).toBe(201);
    await page.goto(`${app.baseUrl}/admin/faq`);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Confirmation' });
    await dialog.getByText('Are you sure to delete?').waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const system = page.getByRole('button', { name: 'System' });
    if ((await system.getAttribute('aria-expanded')) !== 'true') await system.click();
    await page.getByRole('link', { name: 'Flows' }).click();
    await page.getByRole('heading', { name: 'Flows', level: 1 }).waitFor();
    for (const flow of FLOWS) await machineButton(page, flow.name).waitFor();
    await machineButton(page, 'delete-confirm').click();
    // Its list was left for this screen: the run ended there.
    expect({ events: await eventsShown(page), states: await stepsShown(page) }).toEqual({
      events: ['xstate.init', 'delete.request', 'delete.cancel', 'xstate.stop'],
      states: ['idle', 'confirming', 'idle', 'idle'],
    });
    // The first chart waits for ELK's worker to be fetched and started: longer on a busy machine.
    await page
      .locator('svg[data-machine="delete-confirm"] [data-state="idle"][data-current="true"]')
      .waitFor({ timeout: 60_000 });

    // Another tab types a new user's password and saves a FAQ: their forms' steps arrive as they
    // happen, the password masked.
    await machineButton(page, 'entity-form').click();
    const other = await context.newPage();
    const typed = 'typed-here-never-shown';
    await other.goto(`${app.baseUrl}/admin/users/form`);
    await other.locator('input[name="password"]').fill(typed);
    await expect.poll(() => eventsShown(page), { timeout: 15_000 }).toContain('field.change');
    await other.goto(`${app.baseUrl}/admin/faq/form`);
    await other.locator('[name="faq_title"]').fill(`Watched ${Date.now()}`);
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    await other.getByText('Success! Data updated successfully.').first().waitFor();
    await expect.poll(() => stepsShown(page), { timeout: 15_000 }).toContain('success');
    // The saved form reopens at its record's address, a run of its own, whose alert goes after
    // seconds; from then on its steps stay put, and the step chosen is the one the chart shows.
    const alertGone = async () => (await eventsShown(page)).some((event) => event.startsWith('xstate.after.successAlert'));
    await expect.poll(alertGone, { timeout: 15_000 }).toBe(true);
    // By the state reached: the events' names (xstate.after.successAlert…) hold the word too.
    await page
      .locator('table[data-steps] tbody tr')
      .filter({ has: page.locator('[data-state-reached]', { hasText: /^success$/ }) })
      .last()
      .click();
    const successShown = page.locator('svg[data-machine="entity-form"] [data-state="success"][data-current="true"]');
    await successShown.waitFor();
    const runs = page.locator('input[aria-label="Runs"]');
    const runCount = async () => {
      await runs.click();
      const count = await page.getByRole('option').count();
      await page.keyboard.press('Escape');
      return count;
    };
    // A run that starts later (the form opened again in the other tab) leaves the chosen step in view.
    const chosenRun = await runs.inputValue();
    const before = await runCount();
    await other.goto(`${app.baseUrl}/admin/faq/form`);
    await expect.poll(runCount, { timeout: 15_000 }).toBe(before + 1);
    expect(await runs.inputValue()).toBe(chosenRun);
    await successShown.waitFor();
    const count = await runCount();
    for (let i = 0; i < count; i++) {
      await runs.click();
      await page.getByRole('option').nth(i).click();
      for (const row of await page.locator('table[data-steps] tbody tr').all()) {
        await row.click();
        expect(await page.locator('[data-context]').textContent()).not.toContain(typed);
      }
    }

    // A public page's islands, with the switch, for an admin: the gallery's tabs.
    await machineButton(page, 'gallery-tabs').click();
    await other.goto(`${app.baseUrl}/gallery?flows`);
    // Pressed once the islands are awake: what is watched here is the recording, not a press
    // made before the page's code arrived.
    await appReady(other);
    await other.getByRole('button', { name: 'YouTube' }).click();
    await expect.poll(() => eventsShown(page), { timeout: 15_000 }).toContain('tab.youtube');

    // A public form, which the page steps through without XState: its run comes to the inspector
    // all the same, from its wake on; a submit with fields left empty stays, naming them.
    await machineButton(page, 'public-form').click();
    await other.goto(`${app.baseUrl}/contact?flows`);
    await appReady(other);
    await expect.poll(() => eventsShown(page), { timeout: 15_000 }).toContain('form.woke');
    const contact = other.locator('#contact-form');
    await contact.locator('[name=name]').fill('Rahima Begum');
    await contact.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => eventsShown(page), { timeout: 15_000 }).toContain('form.submit');
    expect({ events: await eventsShown(page), states: await stepsShown(page) }).toEqual({
      events: ['xstate.init', 'form.woke', 'field.change', 'form.submit'],
      states: ['idle', 'idle', 'idle', 'idle'],
    });

    // The same page's islands coming to life, told by the page's code while the switch is on:
    // every island has a run, and the contact form's woke at the page's start and answers.
    await machineButton(page, 'island-wake').click();
    const islandRuns = await other.locator('[data-island]').count();
    // (With the gallery page's, opened before.)
    const runsListed = async () => Number(/(\d+)$/.exec((await machineButton(page, 'island-wake').textContent()) ?? '')?.[1]);
    await expect.poll(runsListed, { timeout: 15_000 }).toBeGreaterThanOrEqual(islandRuns);
    await runs.click();
    await page.getByRole('option', { name: /^contact-form in tab/ }).click();
    await expect.poll(() => stepsShown(page), { timeout: 15_000 }).toEqual(['waking', 'answering']);

    // A file in the upload queue, from the media library of the other tab: made small (or not),
    // kept on the device, sent, landed.
    await machineButton(page, 'upload-queue').click();
    await other.goto(`${app.baseUrl}/admin/media`);
    const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-flows-')), 'flow-report.pdf');
    fs.writeFileSync(report, '%PDF-1.4\n%âãÏÓ\n1 0 obj << >> endobj\n%%EOF\n');
    await other.locator('input[type=file]').setInputFiles(report);
    await other.getByRole('button', { name: 'Upload', exact: true }).click();
    await other.getByText('File uploaded successfully!').waitFor({ timeout: 30_000 });
    const onDevice = (state: string) => JSON.stringify({ onDevice: state });
    await expect
      .poll(() => stepsShown(page), { timeout: 15_000 })
      .toEqual([onDevice('shrinking'), onDevice('queued'), onDevice('sending'), 'landed']);

    // A FAQ saved offline in the other tab: its save waits in the outbox, then lands once the
    // connection is back, each step shown as it happens.
    await machineButton(page, 'save-outbox').click();
    await other.goto(`${app.baseUrl}/admin/faq/form`);
    await other.locator('[name="faq_title"]').fill(`Saved offline ${Date.now()}`);
    await goOffline(context);
    await other.getByRole('button', { name: 'Save', exact: true }).click();
    const waitingShown = JSON.stringify({ outgoing: 'waitingForConnection' });
    await expect.poll(() => stepsShown(page), { timeout: 15_000 }).toContain(waitingShown);
    await page
      .locator('svg[data-machine="save-outbox"] [data-state="outgoing.waitingForConnection"][data-current="true"]')
      .waitFor();
    await goOnline(context);
    await other.getByText('Success! Data updated successfully.').first().waitFor({ timeout: 30_000 });
    await expect
      .poll(() => stepsShown(page), { timeout: 15_000 })
      .toEqual([JSON.stringify({ outgoing: 'queued' }), waitingShown, JSON.stringify({ outgoing: 'sending' }), 'landed']);
    await page.locator('svg[data-machine="save-outbox"] [data-state="landed"][data-current="true"]').waitFor();

    // The log as a file.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export log' }).click(),
    ]);
    // Saved outside the context, whose downloads go when it closes.
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-flows-')), download.suggestedFilename());
    await download.saveAs(file);
    await other.close();

    // Offline, the screen and its charts still open: nothing is fetched from anywhere.
    await goOffline(context);
    await page.reload();
    await page.getByRole('heading', { name: 'Flows', level: 1 }).waitFor();
    for (const flow of FLOWS) await machineButton(page, flow.name).waitFor();
    await page.locator('svg[data-machine="login"] [data-state="editing"]').waitFor();
    await goOnline(context);
    await context.close();

    // Another browser loads the log: the deletion called off replays on its machine to the states recorded.
    const elsewhere = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const second = await elsewhere.newPage();
    await signInThroughForm(second, app.adminEmail, app.adminPassword);
    await second.goto(`${app.baseUrl}/admin/flows`);
    const [chooser] = await Promise.all([
      second.waitForEvent('filechooser'),
      second.getByRole('button', { name: 'Load a log' }).click(),
    ]);
    await chooser.setFiles(file);
    await second.locator('[data-source="file"]').waitFor();
    await machineButton(second, 'delete-confirm').click();
    await second.getByText('Replayed on this machine: every step reaches the recorded state.').waitFor();
    expect(await stepsShown(second)).toEqual(['idle', 'confirming', 'idle', 'idle']);
    // A run the page's code told step by step replays the same.
    await machineButton(second, 'upload-queue').click();
    await second.getByText('Replayed on this machine: every step reaches the recorded state.').waitFor();
    expect(await stepsShown(second)).toEqual([
      JSON.stringify({ onDevice: 'shrinking' }),
      JSON.stringify({ onDevice: 'queued' }),
      JSON.stringify({ onDevice: 'sending' }),
      'landed',
    ]);
    await elsewhere.close();
  }, 180_000);

  it('is not an editor’s: no screen, no menu item, and the switch on a public page loads nothing', async () => {
    const password = 'editor-flows-password';
    const email = `editor-flows-${Date.now().toString(36)}@example.org`;
    const made = await app.api('POST', 'users', {
      email,
      name: 'An editor',
      password,
      confirm_password: password,
      role: 'editor',
      sites: app.appKey,
    });
    expect(made.status).toBe(201);
    const context = await fixture.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, email, password);
    const system = page.getByRole('button', { name: 'System' });
    if ((await system.getAttribute('aria-expanded')) !== 'true') await system.click();
    await page.getByRole('link', { name: 'Activity' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Flows' }).count()).toBe(0);
    await page.goto(`${app.baseUrl}/admin/flows`);
    await page.getByText('Your role (editor) does not give access to this screen.').waitFor();
    expect(await page.getByRole('heading', { name: 'Flows', level: 1 }).count()).toBe(0);

    const scripts: string[] = [];
    page.on('request', (request) => void (request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname)));
    await page.goto(`${app.baseUrl}/gallery?flows`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'YouTube' }).click();
    await page.waitForTimeout(500);
    expect(scripts.filter((script) => script.includes('recorder'))).toEqual([]);
    await context.close();
  });
});
