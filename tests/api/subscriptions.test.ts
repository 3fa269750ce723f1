/**
 * Double opt-in and one-click unsubscribe (issue 59), through a real SMTP server the test starts:
 * a sign-up mails a confirmation link in the page's language with the RFC 8058 headers and a
 * visible way out; the link confirms once, a second click says so, an expired or unknown one is
 * refused with a page; a POST of `List-Unsubscribe=One-Click` with no cookie and no token leaves;
 * a sign-up never confirmed is erased by the upkeep's job. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erasePendingSubscriptions } from '../../src/server/content/subscriptions';
import { startMailBox, type MailBox, type ReadMail } from '../support/mail-box';
import { dialects, startTestApp, type TestApp } from './harness';

interface Subscriber {
  id: number;
  email: string;
  confirmation: string;
  locale: string | null;
}

describe.each(await dialects())('subscriptions on %s', (dialect) => {
  let t: TestApp;
  let mail: MailBox;
  const stamp = `${dialect}-${Date.now()}`;
  const address = (name: string) => `${name}-${stamp}@example.org`;
  const subscribe = (email: string, extra: Record<string, string> = {}) =>
    t.visitor('POST', '/cms/subscribers', { email, ...extra });
  const stored = async (email: string): Promise<Subscriber | undefined> => {
    const res = await t.admin('GET', `/cms/api/subscribers?search_key=${encodeURIComponent(email)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.data as Subscriber[]).find((row) => row.email === email);
  };
  /** The path and query of an absolute link in a mail (the app is asked through inject). */
  const local = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };
  /** A visitor with nothing at all: no app key, no cookie, no token. */
  const bare = (method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  const confirmLink = (received: ReadMail) => /https?:\/\/\S+\/subscription\/confirm\?token=[\w-]+/.exec(received.text)![0];
  const unsubscribeLink = (received: ReadMail) => /^<(.+)>$/.exec(received.headers['list-unsubscribe']!)![1]!;

  beforeAll(async () => {
    mail = await startMailBox();
    t = await startTestApp(dialect, { smtpUrl: mail.url, mailFrom: 'Site <site@example.org>' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  it('mails a confirmation link with the one-click headers and a visible way out; the link confirms once', async () => {
    const email = address('reader');
    expect((await subscribe(email)).statusCode).toBe(201);
    const received = await mail.next(email);
    expect(received.headers.subject).toMatch(/^Confirm your subscription to /);
    expect(received.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const leave = unsubscribeLink(received);
    // On the configured origin (the site's Web URL), never the request's Host.
    expect(leave).toMatch(/^https:\/\/www\.example\.org\/subscription\/unsubscribe\?s=\d+&t=[\w-]+$/);
    // Both parts carry the link and the way out.
    const link = confirmLink(received);
    expect(received.text).toContain(leave);
    expect(received.html).toContain(`href="${link}"`);
    expect(received.html).toContain(`href="${leave.replace(/&/g, '&amp;')}"`);
    expect(received.html).toMatch(/>Unsubscribe<\/a>/);
    // One HTML document, the way out inside its body.
    expect(received.html.trim()).toMatch(/^<!doctype html>.*>Unsubscribe<\/a><\/p><\/div><\/body><\/html>$/s);
    expect((await stored(email))?.confirmation).toBe('pending');
    // Only the token's hash is kept.
    const token = new URL(link).searchParams.get('token')!;
    const rows = await t.app.ctx.database.db.selectFrom('subscriber_confirmations').select('token_hash').execute();
    expect(rows.some((row) => row.token_hash === token)).toBe(false);

    const first = await bare('GET', local(link));
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.body).toContain('<h1>Subscription confirmed</h1>');
    expect(first.body).toContain('<html lang="en">');
    expect((await stored(email))?.confirmation).toBe('confirmed');

    const second = await bare('GET', local(link));
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('<h1>Subscription already confirmed</h1>');
  });

  it('refuses an expired link and an unknown one with a page, and confirms nothing', async () => {
    const email = address('late');
    expect((await subscribe(email)).statusCode).toBe(201);
    const link = confirmLink(await mail.next(email));
    const { id } = (await stored(email))!;
    await t.app.ctx.database.db
      .updateTable('subscriber_confirmations')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('subscriber_id', '=', id)
      .execute();
    const expired = await bare('GET', local(link));
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('<h1>This link has expired</h1>');
    expect((await stored(email))?.confirmation).toBe('pending');

    const unknown = await bare('GET', '/subscription/confirm?token=not-a-token-anyone-was-given');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('<h1>This link does not work</h1>');
    expect((await bare('GET', '/subscription/confirm')).statusCode).toBe(404);
  });

  it('writes to a Bangla sign-up in Bangla, and shows its pages in Bangla', async () => {
    const email = address('bangla');
    expect((await subscribe(email, { locale: 'bn' })).statusCode).toBe(201);
    const received = await mail.next(email);
    expect(received.headers.subject).toContain('সাবস্ক্রিপশন নিশ্চিত করুন');
    expect(received.text).toContain('নিশ্চিত করতে এই লিংকে যান');
    expect(received.html).toContain('<html lang="bn">');
    expect(received.html).toContain('আনসাবস্ক্রাইব');
    expect((await stored(email))?.locale).toBe('bn');
    const page = await bare('GET', local(confirmLink(received)));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="bn">');
    expect(page.body).toContain('<h1>সাবস্ক্রিপশন নিশ্চিত হয়েছে</h1>');
  });

  it('refuses a language the site is not written in, naming the field, and stores nothing', async () => {
    const email = address('french');
    const res = await subscribe(email, { locale: 'fr' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('locale');
    expect(await stored(email)).toBeUndefined();
  });

  it('unsubscribes on a one-click POST with no cookie and no token, and only with the link’s own signature', async () => {
    const email = address('leaving');
    expect((await subscribe(email)).statusCode).toBe(201);
    const received = await mail.next(email);
    expect((await bare('GET', local(confirmLink(received)))).statusCode).toBe(200);
    const leave = local(unsubscribeLink(received));
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    // Without the one-click body: refused, naming it; an altered signature: no such link.
    const noBody = await bare('POST', leave, 'x=1', form);
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().errors).toHaveProperty('List-Unsubscribe');
    const forged = await bare('POST', leave.replace(/t=[\w-]{4}/, 't=AAAA'), 'List-Unsubscribe=One-Click', form);
    expect(forged.statusCode).toBe(404);
    expect((await stored(email))?.confirmation).toBe('confirmed');

    // The page a person opens: a plain form whose button posts the same.
    const page = await bare('GET', leave);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect((await stored(email))?.confirmation).toBe('confirmed');

    const left = await bare('POST', leave, 'List-Unsubscribe=One-Click', form);
    expect(left.statusCode).toBe(200);
    expect(left.body).toContain('<h1>You are unsubscribed</h1>');
    expect((await stored(email))?.confirmation).toBe('unsubscribed');
  });

  it('takes the one-click POST as multipart too, as some mail clients send it', async () => {
    const email = address('multipart');
    expect((await subscribe(email)).statusCode).toBe(201);
    const leave = local(unsubscribeLink(await mail.next(email)));
    const boundary = 'one-click-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const left = await bare('POST', leave, body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
    expect(left.statusCode, left.body).toBe(200);
    expect((await stored(email))?.confirmation).toBe('unsubscribed');
  });

  it('asks an address that left to confirm again when it signs up again, and mails a confirmed one nothing', async () => {
    const email = address('again');
    expect((await subscribe(email)).statusCode).toBe(201);
    const first = await mail.next(email);
    expect((await bare('GET', local(confirmLink(first)))).statusCode).toBe(200);
    const before = mail.received.filter((one) => one.to === email).length;
    // Confirmed: signing up again mails nothing (counted once a later mail to the address has arrived).
    expect((await subscribe(email)).statusCode).toBe(201);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await bare('POST', local(unsubscribeLink(first)), 'List-Unsubscribe=One-Click', form)).statusCode).toBe(200);
    expect((await subscribe(email)).statusCode).toBe(201);
    const again = await mail.next(email);
    expect(mail.received.filter((one) => one.to === email).length).toBe(before + 1);
    expect((await stored(email))?.confirmation).toBe('pending');
    expect((await bare('GET', local(confirmLink(again)))).statusCode).toBe(200);
    expect((await stored(email))?.confirmation).toBe('confirmed');
  });

  it('erases sign-ups never confirmed once their link has expired, and keeps every other address', async () => {
    const pending = address('never');
    const confirmed = address('kept');
    expect((await subscribe(pending)).statusCode).toBe(201);
    await mail.next(pending);
    expect((await t.admin('POST', '/cms/api/subscribers', { email: confirmed })).statusCode).toBe(201);
    // Within the link's life: nothing goes.
    await erasePendingSubscriptions(t.app.ctx, Date.now() + 86_400_000);
    expect(await stored(pending)).toBeDefined();
    // Once it has expired (the upkeep runs hourly): the pending one is erased for good, not trashed.
    await erasePendingSubscriptions(t.app.ctx, Date.now() + 8 * 86_400_000);
    expect(await stored(pending)).toBeUndefined();
    const trash = await t.admin('GET', `/cms/api/subscribers/trash?search_key=${encodeURIComponent(pending)}`);
    expect(JSON.stringify(trash.json())).not.toContain(pending);
    expect((await stored(confirmed))?.confirmation).toBe('confirmed');
  });
});
