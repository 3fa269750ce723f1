/**
 * A newsletter's sending panel in Chromium against the real server (issue 59), with a real SMTP
 * server the test starts: an issue written in English and Bangla through the form is previewed in
 * each language with its recipients, a test goes to the signed-in admin, the send (after its
 * question) reaches every confirmed subscriber in their language and nobody else, and the report
 * follows it to Sent with the counts the SMTP server saw and the address it refused.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeFindings } from './axe';
import { e2eFixture, signedInPage } from './harness';
import { type MailBox, type ReadMail, startMailBox } from '../support/mail-box';

const stamp = Date.now().toString(36);
/** An address whose mail server refuses it for good, as one that no longer exists. */
const gone = `news-gone-${stamp}@example.org`;

let mail: MailBox;
beforeAll(async () => {
  mail = await startMailBox({
    refuse: (address) => (address === gone ? { code: 550, message: 'No such mailbox here' } : undefined),
  });
});
afterAll(() => mail?.close());
// Read as the app starts, after the mail box above.
const fixture = e2eFixture(() => ({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Site <site@example.org>' } }));

const SUBJECT = `Harvest news ${stamp}`;
const SUBJECT_BN = `ফসলের খবর ${stamp}`;
const BODY = 'The new seed bank opens on Monday.';
const BODY_BN = 'নতুন বীজ ব্যাংক সোমবার খোলা হবে।';
const english = [`news-en-1-${stamp}@example.org`, `news-en-2-${stamp}@example.org`];
const bangla = `news-bn-${stamp}@example.org`;
/** Signed up but never confirmed: mailed nothing. */
const unconfirmed = `news-pending-${stamp}@example.org`;

/** Signs `email` up through a public page's footer with JavaScript off, and follows the confirmation link when asked. */
async function signUp(path: string, email: string, confirm: boolean) {
  const context = await fixture.browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(`${fixture.app.baseUrl}${path}`);
    const form = page.locator('#subscribe-form');
    await form.locator('[name=email]').fill(email);
    await form.locator('button[type=submit]').click();
    await page.waitForURL(/[?&]sent=subscribe/);
    const asked = await mail.next(email);
    if (!confirm) return;
    await page.goto(/https?:\/\/\S+\/subscription\/confirm\?token=[\w-]+/.exec(asked.text)![0]);
    await page.locator('h1').waitFor();
  } finally {
    await context.close();
  }
}

/**
 * Axe's findings inside `selector`. The mail's frame is left out: it runs no script, so axe cannot
 * run inside it and would wait on it until the test's time ran out.
 */
const axeFindingsIn = (page: Page, selector: string) =>
  axeFindings(page, selector, { within: selector, exclude: `${selector} iframe` });

/** A report's figures as shown: each term with its value. */
const figures = (page: Page) =>
  page
    .getByRole('region', { name: 'Report' })
    .evaluate((report) =>
      Object.fromEntries(
        [...report.querySelectorAll('dt')].map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']),
      ),
    );

const isIssue = (received: ReadMail) =>
  !received.headers.subject?.startsWith('[Test]') && [SUBJECT, SUBJECT_BN].includes(received.headers.subject ?? '');

let page: Page;
let panel: Locator;
afterAll(() => page?.context().close());

describe('sending a newsletter', () => {
  it('has confirmed subscribers in each language, one unconfirmed and one whose mail server refuses it', async () => {
    for (const email of [...english, gone]) {
      const made = await fixture.app.api('POST', 'subscribers', { email, name: 'Reader', status: 1 });
      expect(made.status).toBe(201);
    }
    await signUp('/bn/', bangla, true);
    await signUp('/', unconfirmed, false);
  });

  it('writes the issue in English and in Bangla through the form', async () => {
    const { app, browser } = fixture;
    page = await signedInPage(browser, app);
    await page.goto(`${app.baseUrl}/admin/newsletter/form`);
    await page.getByRole('heading', { name: 'New Newsletter', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT);
    await page.getByRole('textbox', { name: 'Text' }).fill(BODY);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Success! Data updated successfully.').waitFor();
    await page.waitForURL(/\/admin\/newsletter\/form\/\d+/);
    const id = /\/form\/(\d+)/.exec(page.url())![1];

    await page.getByRole('radiogroup', { name: 'Language of the text' }).getByText('বাংলা', { exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Newsletter (বাংলা)' }).waitFor();
    await page.getByRole('textbox', { name: 'Subject' }).fill(SUBJECT_BN);
    await page.getByRole('textbox', { name: 'Text' }).fill(BODY_BN);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Success! Data updated successfully.').waitFor();

    await page.goto(`${app.baseUrl}/admin/newsletter/form/${id}`);
    panel = page.getByRole('region', { name: 'Preview and send' });
    await panel.waitFor();
  });

  it('previews the mail in each language, with its recipients there', async () => {
    // English: the mail in its frame, where no script may run, and its three readers (the
    // unconfirmed sign-up is nobody's recipient).
    const englishFrame = panel.locator('iframe[title="The mail in English"]');
    await englishFrame.waitFor();
    expect(await englishFrame.getAttribute('sandbox')).toBe('');
    await page.frameLocator('iframe[title="The mail in English"]').getByText(BODY).waitFor();
    await panel.getByText(SUBJECT, { exact: true }).waitFor();
    await panel.getByText('3 subscribers in English').waitFor();
    await panel.getByText(/^\d+ KB$/).waitFor();

    await panel.getByRole('radiogroup', { name: 'Preview language' }).getByText('বাংলা', { exact: true }).click();
    await page.frameLocator('iframe[title="The mail in বাংলা"]').getByText(BODY_BN).waitFor();
    await panel.getByText(SUBJECT_BN, { exact: true }).waitFor();
    await panel.getByText('1 subscriber in বাংলা').waitFor();
    expect(await axeFindingsIn(page, '.newsletter-sending')).toEqual([]);
  });

  it('sends a test in the language shown to the signed-in admin', async () => {
    await panel.getByRole('button', { name: 'Send me a test (বাংলা)' }).click();
    await panel.getByRole('status').getByText(`Sent to ${fixture.app.adminEmail}`).waitFor();
    const testMail = await mail.next(fixture.app.adminEmail);
    expect(testMail.headers.subject).toBe(`[Test] ${SUBJECT_BN}`);
    expect(testMail.html).toContain(BODY_BN);
  });

  it('sends it to every confirmed subscriber after asking, once', async () => {
    await panel.getByRole('button', { name: 'Send to subscribers…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send the newsletter' });
    await dialog.getByText('Send this newsletter to 4 subscribers? It cannot be undone.').waitFor();
    // Polled: while the dialog fades in, its colours are not yet its own.
    await expect.poll(() => axeFindingsIn(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('The newsletter is on its way to 4 subscribers.').waitFor();
    expect(await panel.getByRole('button', { name: 'Send to subscribers…' }).count()).toBe(0);
  });

  it('reports it, following the queue by itself until it is sent, with what the SMTP server received', async () => {
    await panel.getByRole('status').getByText('Sent: 4 of 4 handled').waitFor({ timeout: 30_000 });
    const issues = mail.received.filter(isIssue);
    expect(issues.map((m) => m.to).sort()).toEqual([...english, bangla].sort());
    expect(issues.find((m) => m.to === bangla)?.headers.subject).toBe(SUBJECT_BN);
    expect(issues.find((m) => m.to === english[0])?.headers.subject).toBe(SUBJECT);
    expect(await figures(page)).toMatchObject({
      Queued: '4',
      Sent: String(issues.length),
      Failed: '0',
      Refused: '1',
      Skipped: '0',
      Pending: '0',
      'Unsubscribed since': '0',
    });
    const byLanguage = panel.getByRole('table', { name: 'By language' });
    expect(await byLanguage.getByRole('row').allInnerTexts()).toEqual(['Language\tQueued\tSent', 'বাংলা\t1\t1', 'English\t3\t2']);
    const problem = panel.getByRole('table', { name: 'Problems' }).getByRole('row').filter({ hasText: gone });
    const [, status, error] = await problem.getByRole('cell').allTextContents();
    expect(status).toBe('Refused');
    expect(error).toContain('550 No such mailbox here');
    expect(await axeFindingsIn(page, '.newsletter-sending')).toEqual([]);
    // The back-office follows the system's dark scheme: the report reads there too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
    expect(await axeFindingsIn(page, '.newsletter-sending')).toEqual([]);
    await page.emulateMedia({ colorScheme: 'light' });

    if (process.env.NEWSLETTER_SCREENSHOT) {
      // Tall enough for the whole panel, so the page's sticky header does not cross it.
      await page.setViewportSize({ width: 1280, height: 2600 });
      await panel.screenshot({ path: process.env.NEWSLETTER_SCREENSHOT });
    }
  });
});
