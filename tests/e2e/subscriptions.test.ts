/**
 * Double opt-in in Chromium with JavaScript off (issue 59): the footer's subscribe form posts as
 * plain HTML, the confirmation mail arrives at a real SMTP server the test starts, in the page's
 * language, and its link (followed in the same browser) shows the confirmation page; a second
 * click says it was already confirmed. With JavaScript on, the island's sign-up is mailed in the
 * page's language too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eFixture } from './harness';
import { startMailBox, type MailBox, type ReadMail } from '../support/mail-box';

let mail: MailBox;
beforeAll(async () => {
  mail = await startMailBox();
});
afterAll(() => mail?.close());
// Read as the app starts, after the mail box above.
const fixture = e2eFixture(() => ({ env: { SMTP_URL: mail.url, MAIL_FROM: 'Site <site@example.org>' } }));

const confirmLink = (received: ReadMail) => /https?:\/\/\S+\/subscription\/confirm\?token=[\w-]+/.exec(received.text)![0];

async function subscribeThroughFooter(path: string, email: string, sent: string, script = false) {
  const context = await fixture.browser.newContext({ javaScriptEnabled: script });
  const page = await context.newPage();
  await page.goto(`${fixture.app.baseUrl}${path}`);
  const form = page.locator('#subscribe-form');
  if (script) {
    // The box wakes as it nears the viewport; a press before it has would be the plain post (which
    // works too, and is tested above). React has taken the form over once its node carries React's
    // own keys.
    await form.scrollIntoViewIfNeeded();
    await expect
      .poll(() => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), {
        timeout: 15_000,
      })
      .toBe(true);
  }
  await form.locator('[name=email]').fill(email);
  await form.locator('button[type=submit]').click();
  // A plain post comes back as the page with ?sent=; the island says it in place.
  if (!script) await page.waitForURL(/[?&]sent=subscribe/);
  await form.getByText(sent).waitFor();
  return page;
}

describe('subscribing through the footer', () => {
  it('confirms through the mailed link, and a second click says it was already confirmed', async () => {
    const email = `e2e-${Date.now().toString(36)}@example.org`;
    const page = await subscribeThroughFooter('/', email, 'Thank you for subscribing!');
    const received = await mail.next(email);
    expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = confirmLink(received);
    // The link names this server, as the visitor reached it.
    expect(link.startsWith(`${fixture.app.baseUrl}/subscription/confirm?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Subscription confirmed' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Subscription already confirmed' }).waitFor();

    const listed = await fixture.app.api<{ data: { data: { email: string; confirmation: string }[] } }>(
      'GET',
      `/subscribers?search_key=${encodeURIComponent(email)}`,
    );
    expect(listed.body.data.data.find((row) => row.email === email)?.confirmation).toBe('confirmed');
    await page.context().close();
  });

  it('writes to a sign-up on a Bangla page in Bangla, and confirms in Bangla', async () => {
    const email = `e2e-bn-${Date.now().toString(36)}@example.org`;
    const page = await subscribeThroughFooter('/bn/', email, 'সাবস্ক্রাইব করার জন্য ধন্যবাদ!');
    const received = await mail.next(email);
    expect(received.headers.subject).toContain('সাবস্ক্রিপশন নিশ্চিত করুন');
    await page.goto(confirmLink(received));
    await page.getByRole('heading', { name: 'সাবস্ক্রিপশন নিশ্চিত হয়েছে' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('bn');
    await page.context().close();
  });

  it('with JavaScript on, the island sends the page’s language too: a Bangla page’s sign-up is mailed in Bangla', async () => {
    const email = `e2e-island-${Date.now().toString(36)}@example.org`;
    const page = await subscribeThroughFooter('/bn/', email, 'সাবস্ক্রাইব করার জন্য ধন্যবাদ!', true);
    expect(page.url()).not.toContain('sent=subscribe');
    const received = await mail.next(email);
    expect(received.headers.subject).toContain('সাবস্ক্রিপশন নিশ্চিত করুন');
    await page.goto(confirmLink(received));
    await page.getByRole('heading', { name: 'সাবস্ক্রিপশন নিশ্চিত হয়েছে' }).waitFor();
    await page.context().close();
  });
});
