/**
 * Notifications of review before publishing (issue #61, notifications/notifications.ts,
 * routes/notifications.ts): with the site's setting "authors must pass review", an author's
 * submission tells the site's editors and admins (by mail at the test SMTP server where their
 * switch is on, not where it is off); changes requested, approval and publishing tell the author,
 * with the comment, in the bell and by mail in their own language; nobody is told of their own
 * step, a refused step tells nobody, a person reads and marks only their own, and bad input is a
 * 400 naming the field with nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY, dialects, type SignedIn, signInAs, startTestApp, type TestApp } from './harness';
import { startMailBox, type MailBox, type ReadMail } from '../support/mail-box';
import { ENTITIES } from '../../src/shared/entities';

interface Item {
  id: number;
  kind: string;
  entity: string;
  record_id: number;
  record_title: string | null;
  actor_name: string | null;
  comment: string | null;
  read_at: string | null;
}

describe.each(await dialects())('notifications on %s', (dialect) => {
  let t: TestApp;
  let mail: MailBox;
  let author: SignedIn;
  let editor: SignedIn;
  /** An editor who switched submissions' mail off. */
  let quiet: SignedIn;
  let counter = 0;

  beforeAll(async () => {
    mail = await startMailBox();
    t = await startTestApp(dialect, { smtpUrl: mail.url, mailFrom: 'Site <site@example.org>' });
    author = await signInAs(t, 'author');
    editor = await signInAs(t, 'editor');
    quiet = await signInAs(t, 'editor');
    const set = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { review: 'authors', review_self_approval: 0 });
    expect(set.statusCode, set.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await mail?.close();
  });

  const bell = async (who: SignedIn) => {
    const res = await who.send('GET', '/cms/api/notifications');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: Item[]; unread: number };
  };
  const about = async (who: SignedIn, id: number) => (await bell(who)).items.filter((n) => n.record_id === id);
  const act = async (who: SignedIn, id: number, action: string, body: Record<string, unknown> = {}) => {
    const res = await who.send('POST', `/cms/api/posts/${id}/review/${action}`, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  async function authorsPost() {
    const title = `Field news ${dialect} ${++counter} ${Date.now().toString(36)}`;
    const res = await author.send('POST', '/cms/api/posts', { title, content: '<p>From the field</p>', status: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json().data as { id: number; review_stage: string };
    expect(post.review_stage).toBe('draft');
    return { id: post.id, title };
  }
  /** The next mail to `address` with this subject (earlier tests' mails to them are passed over). */
  async function mailAbout(address: string, subject: string): Promise<ReadMail> {
    for (;;) {
      const got = await mail.next(address);
      if (got.headers.subject === subject) return got;
    }
  }
  /** How the rows for this record stand in the table: who, what kind, and their mail. */
  const rowsOf = (id: number) =>
    t.app.ctx.database.db
      .selectFrom('notifications')
      .select(['user_id', 'kind', 'mail'])
      .where('record_id', '=', id)
      .where('entity', '=', 'posts')
      .orderBy('id')
      .execute();
  /** Waits until no mail of these rows is on its way. */
  async function settled(id: number) {
    for (let i = 0; i < 100; i++) {
      if ((await rowsOf(id)).every((r) => r.mail !== 'pending' && r.mail !== 'sending')) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the mails did not settle');
  }

  it('a submission tells the editors, by mail where their switch is on; the submitter is not told', async () => {
    const off = await quiet.send('PUT', '/cms/api/notifications/settings', { mail: { submitted: false } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.mail).toEqual({ submitted: false, changes_requested: true, approved: true, published: true });
    const post = await authorsPost();
    await act(author, post.id, 'submit');

    const told = await about(editor, post.id);
    expect(told).toMatchObject([{ kind: 'submitted', entity: 'posts', record_title: post.title, read_at: null }]);
    expect(told[0]!.actor_name).toBe('The author');
    expect(await about(quiet, post.id)).toMatchObject([{ kind: 'submitted' }]);
    expect(await about(author, post.id)).toEqual([]);

    const got = await mailAbout(editor.email, `Submitted for your review: ${post.title}`);
    expect(got.text).toContain(`The author submitted “${post.title}” for your review`);
    expect(got.text).toContain(`/admin/${ENTITIES.posts.adminPath}/form/${post.id}`);
    await settled(post.id);
    const rows = await rowsOf(post.id);
    expect(rows.find((r) => r.user_id === quiet.id)?.mail).toBeNull();
    expect(rows.find((r) => r.user_id === editor.id)?.mail).toBe('sent');
    expect(rows.some((r) => r.user_id === author.id)).toBe(false);
    expect(mail.received.filter((m) => m.to === quiet.email)).toEqual([]);
  });

  it('changes requested return it to the author with the comment, in the bell and by mail; approve and publish tell them too', async () => {
    const post = await authorsPost();
    await act(author, post.id, 'submit');
    await act(editor, post.id, 'request-changes', { comment: 'Name the village, please.' });

    const [returned] = await about(author, post.id);
    expect(returned).toMatchObject({ kind: 'changes_requested', comment: 'Name the village, please.', actor_name: 'The editor' });
    expect((await about(editor, post.id)).map((n) => n.kind)).toEqual(['submitted']);
    const got = await mailAbout(author.email, `Changes requested: ${post.title}`);
    expect(got.text).toContain('Name the village, please.');
    expect(got.text).toContain(`/admin/${ENTITIES.posts.adminPath}/form/${post.id}`);

    // In the author's own language, once they chose one.
    expect((await author.send('PUT', '/cms/api/me', { language: 'bn' })).statusCode).toBe(200);
    await act(author, post.id, 'submit');
    await act(editor, post.id, 'approve');
    const approved = await mailAbout(author.email, `অনুমোদিত: ${post.title}`);
    expect(approved.text).toContain('The editor');
    expect((await author.send('PUT', '/cms/api/me', { language: 'en' })).statusCode).toBe(200);
    await act(editor, post.id, 'publish');
    await mailAbout(author.email, `Published: ${post.title}`);

    expect((await about(author, post.id)).map((n) => n.kind)).toEqual(['published', 'approved', 'changes_requested']);
    // The editor took those steps: they are told only of the two submissions.
    expect((await about(editor, post.id)).map((n) => n.kind)).toEqual(['submitted', 'submitted']);
  });

  it('a refused step tells nobody', async () => {
    const post = await authorsPost();
    const refused = await editor.send('POST', `/cms/api/posts/${post.id}/review/approve`, {});
    expect(refused.statusCode).toBe(409);
    await act(author, post.id, 'submit');
    const stale = await editor.send('POST', `/cms/api/posts/${post.id}/review/request-changes`, { version: 1, comment: 'Old' });
    expect(stale.statusCode).toBe(409);
    expect((await rowsOf(post.id)).map((r) => r.kind).every((kind) => kind === 'submitted')).toBe(true);
    expect(await about(author, post.id)).toEqual([]);
  });

  it('a person reads and marks only their own', async () => {
    const post = await authorsPost();
    await act(author, post.id, 'submit');
    await act(editor, post.id, 'request-changes', { comment: 'Shorter.' });
    const mine = (await about(author, post.id))[0]!;
    expect((await bell(editor)).items.some((n) => n.id === mine.id)).toBe(false);

    const before = (await bell(author)).unread;
    expect(before).toBeGreaterThan(0);
    const theirs = await editor.send('POST', '/cms/api/notifications/read', { ids: [mine.id] });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.marked).toBe(0);
    expect((await about(author, post.id))[0]!.read_at).toBeNull();

    const read = await author.send('POST', '/cms/api/notifications/read', { ids: [mine.id] });
    expect(read.json().data.marked).toBe(1);
    const after = await bell(author);
    expect(after.unread).toBe(before - 1);
    expect(after.items.find((n) => n.id === mine.id)?.read_at).toEqual(expect.any(String));

    expect((await editor.send('POST', '/cms/api/notifications/read', { all: true })).statusCode).toBe(200);
    expect((await bell(editor)).unread).toBe(0);
    expect((await bell(author)).unread).toBe(before - 1);
  });

  it('refuses bad input with the field named, storing nothing', async () => {
    const settings = async () => (await quiet.send('GET', '/cms/api/notifications/settings')).json().data.mail;
    const was = await settings();
    for (const [body, field] of [
      [{}, 'ids'],
      [{ ids: [] }, 'ids'],
      [{ ids: ['one'] }, 'ids.0'],
      [{ ids: [1], all: true }, 'ids'],
      [{ all: false }, 'all'],
    ] as const) {
      const res = await quiet.send('POST', '/cms/api/notifications/read', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    for (const [body, field] of [
      [{ mail: { submitted: 'yes', approved: false } }, 'mail.submitted'],
      [{ mail: 'off' }, 'mail'],
    ] as const) {
      const res = await quiet.send('PUT', '/cms/api/notifications/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(
      (await quiet.send('PUT', '/cms/api/notifications/settings', { mail: { approved: false }, role: 'admin' })).statusCode,
    ).toBe(400);
    expect(await settings()).toEqual(was);
  });

  it('is a person’s own: an API token is refused, and a site the person does not work on too', async () => {
    const token = await t.admin('POST', '/cms/api/api-tokens', { name: `Bell ${dialect}` });
    expect(token.statusCode, token.body).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: '/cms/api/notifications',
      headers: { authorization: `Bearer ${token.json().data.token as string}`, app_key: APP_KEY },
    });
    expect(res.statusCode).toBe(403);
    const elsewhere = await editor.send('GET', '/cms/api/notifications', undefined, { app_key: 'not-my-site' });
    expect(elsewhere.statusCode).toBe(403);
  });

  it('the upkeep forgets notifications past their days and sends a mail a stopped instance left pending', async () => {
    const post = await authorsPost();
    await act(author, post.id, 'submit');
    await act(editor, post.id, 'request-changes', { comment: 'Later.' });
    await mailAbout(author.email, `Changes requested: ${post.title}`);
    const db = t.app.ctx.database.db;
    // A mail left pending, as by an instance stopped between its commit and its send.
    const [row] = await db
      .insertInto('notifications')
      .values({
        user_id: author.id,
        app_key: APP_KEY,
        kind: 'approved',
        entity: 'posts',
        record_id: post.id,
        record_title: post.title,
        actor_id: editor.id,
        actor_name: 'The editor',
        comment: null,
        created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
        read_at: null,
        mail: 'pending',
        mailed_at: null,
      })
      .returning('id')
      .execute();
    await Promise.all([t.app.ctx.notifications.sweep(), t.app.ctx.notifications.sweep()]);
    await mailAbout(author.email, `Approved: ${post.title}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.received.filter((m) => m.to === author.email && m.headers.subject === `Approved: ${post.title}`)).toHaveLength(1);
    const sent = await db.selectFrom('notifications').select('mail').where('id', '=', row!.id).executeTakeFirstOrThrow();
    expect(sent.mail).toBe('sent');

    await db
      .updateTable('notifications')
      .set({ created_at: new Date(Date.now() - 91 * 86_400_000).toISOString() })
      .where('id', '=', row!.id)
      .execute();
    await t.app.ctx.notifications.prune();
    expect(await db.selectFrom('notifications').select('id').where('id', '=', row!.id).executeTakeFirst()).toBeUndefined();
    expect((await about(author, post.id)).map((n) => n.kind)).toEqual(['changes_requested']);
  });
});
