/**
 * History: every save keeps the record as it was, newest first, with who and when; an earlier
 * state can be read and restored (itself a new version); the newest 50 are kept. On every database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/limits';
import { APP_KEY, dialects, signInAs, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('revisions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('keeps each earlier state with its version, who saved over it and when, newest first', async () => {
    const id = (await t.admin('POST', '/cms/api/posts', { title: 'First title' })).json().data.id as number;
    await t.admin('PUT', `/cms/api/posts/${id}`, { title: 'Second title' });
    const editor = await signInAs(t, 'editor');
    await editor.send('PUT', `/cms/api/posts/${id}`, { title: 'Third title' });

    const list = await t.admin('GET', `/cms/api/posts/${id}/revisions`);
    expect(list.statusCode).toBe(200);
    const { data, total } = list.json().data as {
      data: { id: number; version: number; user_name: string; created_at: string }[];
      total: number;
    };
    expect(total).toBe(2);
    expect(data.map((r) => [r.version, r.user_name])).toEqual([
      [2, 'The editor'],
      [1, 'Administrator'],
    ]);
    expect(data[0]!.created_at).toMatch(/^\d{4}-/);
    const oldest = await t.admin('GET', `/cms/api/posts/${id}/revisions/${data[1]!.id}`);
    expect(oldest.json().data).toMatchObject({ id, version: 1, title: 'First title' });
  });

  it('restores an earlier state as a new version, which is itself in the history', async () => {
    const id = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'Original', faq_content: '<p>Original text</p>' })).json()
      .data.id as number;
    await t.admin('PUT', `/cms/api/faqs/${id}`, { faq_title: 'Mistake', faq_content: '<p>Wrong</p>' });
    const [revision] = (await t.admin('GET', `/cms/api/faqs/${id}/revisions`)).json().data.data as { id: number }[];
    const restored = await t.admin('POST', `/cms/api/faqs/${id}/revisions/${revision!.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ version: 3, faq_title: 'Original', faq_content: '<p>Original text</p>' });
    const history = (await t.admin('GET', `/cms/api/faqs/${id}/revisions`)).json().data.data as { id: number; version: number }[];
    expect(history.map((r) => r.version)).toEqual([2, 1]);
    // The mistake is not lost either: it is the newest earlier state.
    const undone = (await t.admin('GET', `/cms/api/faqs/${id}/revisions/${history[0]!.id}`)).json().data;
    expect(undone).toMatchObject({ faq_title: 'Mistake' });
  });

  it('never keeps a password in a user snapshot, and restoring one leaves the password alone', async () => {
    const user = await signInAs(t, 'viewer');
    await t.admin('PUT', `/cms/api/users/${user.id}`, {
      name: 'Renamed',
      password: 'changed-password-1',
      confirm_password: 'changed-password-1',
    });
    const [revision] = (await t.admin('GET', `/cms/api/users/${user.id}/revisions`)).json().data.data as { id: number }[];
    const snapshot = await t.admin('GET', `/cms/api/users/${user.id}/revisions/${revision!.id}`);
    expect(snapshot.body).not.toMatch(/password|scrypt/);
    expect((await t.admin('POST', `/cms/api/users/${user.id}/revisions/${revision!.id}/restore`)).json().data.name).toBe(
      'The viewer',
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: user.email, password: 'changed-password-1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it(`keeps the newest ${LIMITS.revisionsPerRecord} per record`, async () => {
    const id = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'Busy' })).json().data.id as number;
    for (let n = 1; n <= LIMITS.revisionsPerRecord + 5; n++)
      await t.admin('PUT', `/cms/api/faqs/${id}`, { faq_title: `Busy ${n}` });
    const list = (await t.admin('GET', `/cms/api/faqs/${id}/revisions?size=100`)).json().data;
    expect(list.total).toBe(LIMITS.revisionsPerRecord);
    expect(list.data[0].version).toBe(LIMITS.revisionsPerRecord + 5);
  });

  it('keeps as many as the setting says, from the next save on', async () => {
    const setting = await t.admin('PUT', '/cms/api/security-settings', { revisionsPerRecord: 3 });
    expect(setting.statusCode, setting.body).toBe(200);
    const id = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'Few' })).json().data.id as number;
    for (let n = 1; n <= 6; n++) await t.admin('PUT', `/cms/api/faqs/${id}`, { faq_title: `Few ${n}` });
    const list = (await t.admin('GET', `/cms/api/faqs/${id}/revisions`)).json().data;
    expect(list.total).toBe(3);
    expect(list.data.map((r: { version: number }) => r.version)).toEqual([6, 5, 4]);
    const refused = await t.admin('PUT', '/cms/api/security-settings', { revisionsPerRecord: 0 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toHaveProperty('revisionsPerRecord');
    await t.admin('PUT', '/cms/api/security-settings', { revisionsPerRecord: LIMITS.revisionsPerRecord });
  });

  it('site settings have a History too, addressed by app key, and a restore brings them back', async () => {
    const before = (await t.admin('GET', `/cms/api/applications/${APP_KEY}`)).json().data;
    await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { title: 'A new site title' });
    const list = (await t.admin('GET', `/cms/api/applications/${APP_KEY}/revisions`)).json().data;
    expect(list.data[0]).toMatchObject({ version: before.version, user_name: expect.any(String) });
    const snapshot = (await t.admin('GET', `/cms/api/applications/${APP_KEY}/revisions/${list.data[0].id}`)).json().data;
    expect(snapshot.title).toBe(before.title);
    const restored = await t.admin('POST', `/cms/api/applications/${APP_KEY}/revisions/${list.data[0].id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ title: before.title, version: before.version + 2 });
    // Visitors see the restored settings at once.
    expect((await t.visitor('GET', `/cms/applications/${APP_KEY}`)).json().data.title).toBe(before.title);
    const editing = await t.admin('POST', `/cms/api/applications/${APP_KEY}/presence`);
    expect(editing.statusCode).toBe(200);
  });

  it("answers 404 for another record's revision or another site's record", async () => {
    const a = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'A' })).json().data.id as number;
    const b = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'B' })).json().data.id as number;
    await t.admin('PUT', `/cms/api/faqs/${a}`, { faq_title: 'A2' });
    const [revision] = (await t.admin('GET', `/cms/api/faqs/${a}/revisions`)).json().data.data as { id: number }[];
    expect((await t.admin('GET', `/cms/api/faqs/${b}/revisions/${revision!.id}`)).statusCode).toBe(404);
    expect((await t.admin('POST', `/cms/api/faqs/${b}/revisions/${revision!.id}/restore`)).statusCode).toBe(404);
    expect((await t.admin('GET', `/cms/api/faqs/999999/revisions`)).statusCode).toBe(404);
  });
});

describe.each(await dialects())('a save and its history together on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('writes nothing when the earlier state cannot go to History: never a save without its revision', async () => {
    const faq = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'Kept whole', status: 1 })).json().data;
    const db = t.app.ctx.database.db;
    const { sql } = await import('kysely');
    const table = dialect === 'postgres' ? `${t.config.pgSchema}.revisions` : 'revisions';
    if (dialect === 'sqlite') {
      await sql`create trigger refuse_revisions before insert on revisions begin select raise(abort, 'history is full'); end`.execute(
        db,
      );
    } else {
      await sql
        .raw(
          `create function ${t.config.pgSchema}.refuse() returns trigger as $$ begin raise exception 'history is full'; end $$ language plpgsql`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger refuse_revisions before insert on ${table} for each row execute function ${t.config.pgSchema}.refuse()`,
        )
        .execute(db);
    }
    try {
      const save = await t.admin('PUT', `/cms/api/faqs/${faq.id}`, { faq_title: 'Changed without history' });
      expect(save.statusCode).toBe(500);
    } finally {
      await sql
        .raw(dialect === 'sqlite' ? 'drop trigger refuse_revisions' : `drop trigger refuse_revisions on ${table}`)
        .execute(db);
    }
    const stored = (await t.admin('GET', `/cms/api/faqs/${faq.id}`)).json().data;
    expect(stored).toMatchObject({ faq_title: 'Kept whole', version: 1 });
    const saved = await t.admin('PUT', `/cms/api/faqs/${faq.id}`, { faq_title: 'Changed with history' });
    expect(saved.json().data.version).toBe(2);
    expect((await t.admin('GET', `/cms/api/faqs/${faq.id}/revisions`)).json().data.total).toBe(1);
  });

  it('publishing discards only the draft it published, not one saved in between', async () => {
    const { discardDraft, getDraft, saveDraft } = await import('../../src/server/content/drafts');
    const page = (await t.admin('POST', '/cms/api/pages', { title: 'Drafted', status: 1 })).json().data;
    const db = t.app.ctx.database.db;
    const target = { resource: 'pages', recordId: page.id as number, appKey: APP_KEY };
    await saveDraft(db, target, { title: 'First draft' }, page.version as number, { id: 1, name: 'Admin' });
    const published = (await getDraft(db, 'pages', page.id))!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveDraft(db, target, { title: 'Saved meanwhile' }, page.version as number, { id: 1, name: 'Admin' });
    expect(await discardDraft(db, 'pages', page.id, published)).toBe(false);
    expect((await getDraft(db, 'pages', page.id))!.data.title).toBe('Saved meanwhile');
  });
});
