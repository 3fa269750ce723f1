/**
 * Newsletters (issue 59) through a real SMTP server the test starts: an issue goes once to each
 * confirmed subscriber, in their language, with the one-click way out; pending and unsubscribed
 * addresses get nothing; a second Send is refused; a temporary refusal is tried again and a
 * permanent one marks the address; the report's counts are what the server received; an issue
 * with a Send at time goes by itself; staff without the mailing right cannot send. SQLite and
 * PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailBox, type MailBox, type ReadMail } from '../support/mail-box';
import { APP_KEY, dialects, signInAs, startTestApp, type TestApp } from './harness';

interface Report {
  delivery: string;
  total: number;
  pending: number;
  sent: number;
  failed: number;
  refused: number;
  skipped: number;
  unsubscribed: number;
  first_sent_at: string | null;
  locales: { locale: string; total: number; sent: number }[];
  problems: { email: string; status: string; error: string | null }[];
}

describe.each(await dialects())('newsletters on %s', (dialect) => {
  let t: TestApp;
  let mail: MailBox;
  const stamp = `${dialect}-${Date.now()}`;
  const address = (name: string) => `${name}-${stamp}@example.org`;
  /** Refused once for now (451), then taken; refused for good (550). */
  const later = address('later');
  const never = address('never');
  let laterTries = 0;

  const db = () => t.app.ctx.database.db;
  const addSubscriber = async (email: string, set: { confirmation?: 'pending' | 'unsubscribed'; locale?: string } = {}) => {
    const res = await t.admin('POST', '/cms/api/subscribers', { email, name: email.split('@')[0] });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    if (Object.keys(set).length > 0) await db().updateTable('subscribers').set(set).where('id', '=', id).execute();
    return id;
  };
  const createIssue = async (fields: Record<string, unknown>) => {
    const res = await t.admin('POST', '/cms/api/newsletters', { kind: 'written', status: 1, ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  };
  const report = async (id: number): Promise<Report> => {
    const res = await t.admin('GET', `/cms/api/newsletters/${id}/report`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Report;
  };
  const untilSent = async (id: number, timeoutMs = 30_000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const now = await report(id);
      if (now.delivery === 'sent') return now;
      if (Date.now() > end) throw new Error(`still ${now.delivery}: ${JSON.stringify(now)}`);
      await t.app.newsletters.kick();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const received = (subject: string) => mail.received.filter((m) => m.headers.subject === subject);
  /** Every confirmed, active subscriber of the site: the demo's and this test's. */
  const confirmedCount = async () =>
    Number(
      (
        await db()
          .selectFrom('subscribers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('app_key', '=', APP_KEY)
          .where('confirmation', '=', 'confirmed')
          .where('status', '=', 1)
          .where('deleted_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    mail = await startMailBox({
      refuse: (to) => {
        if (to === never) return { code: 550, message: '5.1.1 No such user here' };
        if (to === later && laterTries++ === 0) return { code: 451, message: '4.3.0 Try again later' };
        return undefined;
      },
    });
    t = await startTestApp(dialect, {
      smtpUrl: mail.url,
      mailFrom: 'Site <site@example.org>',
      newsletters: { rate: 1000, retryBaseMs: 200, pollMs: 200, leaseMs: 5_000 },
    });
    // The demo site is English and Bangla.
    const site = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en,bn' });
    expect(site.statusCode, site.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  it('sends an issue once to each confirmed subscriber, in their language, and reports what the server received', async () => {
    const english = address('english');
    const bangla = address('bangla');
    const pending = address('pending');
    const gone = address('gone');
    await addSubscriber(english);
    await addSubscriber(bangla, { locale: 'bn' });
    await addSubscriber(pending, { confirmation: 'pending' });
    await addSubscriber(gone, { confirmation: 'unsubscribed' });
    await addSubscriber(later);
    await addSubscriber(never);
    const subject = `Issue one ${stamp}`;
    const id = await createIssue({ subject, content: '<p>Our <strong>news</strong> this month.</p>' });
    const translated = await t.admin('PUT', `/cms/api/newsletters/${id}?locale=bn`, {
      subject: `সংখ্যা এক ${stamp}`,
      content: '<p>এই মাসের খবর।</p>',
    });
    expect(translated.statusCode, translated.body).toBe(200);

    // The preview is the mail a subscriber in that language gets, with its recipients' count.
    const preview = await t.admin('GET', `/cms/api/newsletters/${id}/preview?locale=bn`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.subject).toBe(`সংখ্যা এক ${stamp}`);
    expect(preview.json().data.html).toContain('এই মাসের খবর।');
    expect(preview.json().data.recipients).toBeGreaterThanOrEqual(1);
    expect((await t.admin('GET', `/cms/api/newsletters/${id}/preview?locale=fr`)).statusCode).toBe(400);

    // A test goes to the signed-in user only, and sends the issue to nobody else.
    const test = await t.admin('POST', `/cms/api/newsletters/${id}/test`, { locale: 'en' });
    expect(test.statusCode, test.body).toBe(200);
    const own = await mail.next(test.json().data.to);
    expect(own.headers.subject).toBe(`[Test] ${subject}`);
    expect((await report(id)).delivery).toBe('draft');

    const expected = await confirmedCount();
    const draft = await t.admin('GET', `/cms/api/newsletters/${id}`);
    const send = await t.admin('POST', `/cms/api/newsletters/${id}/send`);
    expect(send.statusCode, send.body).toBe(202);
    expect(send.json().data.queued).toBe(expected);
    // Once only.
    const again = await t.admin('POST', `/cms/api/newsletters/${id}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/sent already/);

    const done = await untilSent(id);
    // The record says so, with a new version: a client holding the draft's ETag reads it again.
    const record = await t.admin('GET', `/cms/api/newsletters/${id}`, undefined, {
      'if-none-match': draft.headers.etag as string,
    });
    expect(record.statusCode).toBe(200);
    expect(record.json().data).toMatchObject({ delivery: 'sent', queued_at: expect.any(String) });
    const arrived = [...received(subject), ...received(`সংখ্যা এক ${stamp}`)];
    // Exactly one copy to each, and the report says what arrived.
    const recipients = arrived.map((m) => m.to);
    expect(new Set(recipients).size).toBe(recipients.length);
    expect(done.sent).toBe(arrived.length);
    expect(done.total).toBe(expected);
    expect(done.refused).toBe(1);
    expect(done.sent + done.refused).toBe(expected);
    expect(done.pending).toBe(0);
    expect(recipients).toContain(english);
    expect(recipients).toContain(later); // refused once for now, taken on the retry
    expect(recipients).not.toContain(pending);
    expect(recipients).not.toContain(gone);
    expect(recipients).not.toContain(never);
    expect(done.problems).toEqual([expect.objectContaining({ email: never, status: 'refused' })]);
    expect(done.problems[0]!.error).toMatch(/No such user/);
    expect(done.locales.find((row) => row.locale === 'bn')?.sent).toBeGreaterThanOrEqual(1);

    // Each in their language, with the RFC 8058 headers and a visible way out.
    const inBangla = arrived.find((m) => m.to === bangla)!;
    expect(inBangla.headers.subject).toBe(`সংখ্যা এক ${stamp}`);
    expect(inBangla.html).toContain('এই মাসের খবর।');
    const inEnglish = arrived.find((m) => m.to === english)!;
    expect(inEnglish.headers.subject).toBe(subject);
    expect(inEnglish.text).toContain('this month');
    expect(inEnglish.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(inEnglish.headers['list-unsubscribe']).toMatch(new RegExp(`/subscription/unsubscribe\\?s=\\d+&t=[\\w-]+&n=${id}>$`));
    expect(inEnglish.raw.length).toBeLessThan(100_000);

    // A permanent refusal marks the address: it gets nothing more.
    const marked = await db()
      .selectFrom('subscribers')
      .select('confirmation')
      .where('email', '=', never)
      .executeTakeFirstOrThrow();
    expect(marked.confirmation).toBe('refused');
  });

  it('counts who left through an issue, and the next issue skips them', async () => {
    const leaving = address('leaving');
    await addSubscriber(leaving);
    const first = `Issue two ${stamp}`;
    const id = await createIssue({ subject: first, content: '<p>Two</p>' });
    expect((await t.admin('POST', `/cms/api/newsletters/${id}/send`)).statusCode).toBe(202);
    await untilSent(id);
    const got: ReadMail = received(first).find((m) => m.to === leaving)!;
    const link = new URL(/^<(.+)>$/.exec(got.headers['list-unsubscribe']!)![1]!);
    // One click, as a mail client sends it: no cookie, no token.
    const left = await t.app.inject({
      method: 'POST',
      url: link.pathname + link.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await report(id)).unsubscribed).toBe(1);

    const next = `Issue three ${stamp}`;
    const nextId = await createIssue({ subject: next, content: '<p>Three</p>' });
    expect((await t.admin('POST', `/cms/api/newsletters/${nextId}/send`)).statusCode).toBe(202);
    await untilSent(nextId);
    expect(received(next).map((m) => m.to)).not.toContain(leaving);
    expect(received(next).length).toBeGreaterThan(0);
  });

  it('sends an issue by itself at its Send at time, and not while its Status is Inactive', async () => {
    const subject = `Scheduled ${stamp}`;
    const past = new Date(Date.now() - 60_000).toISOString().slice(0, 19).replace('T', ' ');
    const off = await createIssue({ subject: `${subject} off`, send_at: past, status: 0 });
    const id = await createIssue({ subject, send_at: past });
    const done = await untilSent(id);
    expect(done.sent).toBe(received(subject).length);
    expect(done.sent).toBeGreaterThan(0);
    expect((await report(off)).delivery).toBe('draft');
    expect(received(`${subject} off`)).toHaveLength(0);
  });

  it('exports the newsletters mailed to a person with their data, and erases that record with them', async () => {
    const person = address('person');
    await addSubscriber(person, { locale: 'bn' });
    const subject = `Kept about a person ${stamp}`;
    const id = await createIssue({ subject });
    await t.admin('PUT', `/cms/api/newsletters/${id}?locale=bn`, { subject: `ব্যক্তি ${stamp}` });
    expect((await t.admin('POST', `/cms/api/newsletters/${id}/send`)).statusCode).toBe(202);
    await untilSent(id);
    const exported = await t.admin('GET', `/cms/api/people/export?email=${encodeURIComponent(person)}`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().data.newsletters).toEqual([
      expect.objectContaining({ site: APP_KEY, subject: `ব্যক্তি ${stamp}`, language: 'bn', status: 'sent' }),
    ]);
    const erased = await t.admin('POST', '/cms/api/people/erase', { email: person });
    expect(erased.statusCode, erased.body).toBe(200);
    const left = await db().selectFrom('newsletter_sends').select('id').where('email', '=', person).execute();
    expect(left).toEqual([]);
    expect((await t.admin('GET', `/cms/api/people/export?email=${encodeURIComponent(person)}`)).json().data.newsletters).toEqual(
      [],
    );
    // The issue's report keeps its counts for everyone else.
    expect((await report(id)).sent).toBeGreaterThan(0);
  });

  it('lets only staff with the mailing right send, and refuses a request that names nothing', async () => {
    const id = await createIssue({ subject: `Rights ${stamp}` });
    const author = await signInAs(t, 'author');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/cms/api/newsletters/${id}/send`,
      headers: { authorization: `Bearer ${author.token}`, app_key: APP_KEY },
    });
    expect(refused.statusCode).toBe(403);
    expect((await report(id)).delivery).toBe('draft');
    expect((await t.admin('POST', '/cms/api/newsletters/999999/send')).statusCode).toBe(404);
    expect((await t.admin('GET', '/cms/api/newsletters/abc/report')).statusCode).toBe(400);
  });
});
