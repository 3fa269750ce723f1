/**
 * A deleted site goes whole (issue 29, finding 9): its content, and with it its files on disk
 * and their smaller copies, its history, drafts and queued webhook deliveries; another site's
 * are untouched. SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, multipart, PNG, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('deleting a site on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('erases its files, history and drafts, and leaves another site’s', async () => {
    const as = (appKey: string) => ({ app_key: appKey });
    expect((await t.admin('POST', '/cms/api/applications', { app_key: 'going', name: 'Going away' })).statusCode).toBe(201);
    const form = multipart('going.png', PNG);
    const upload = await t.admin('POST', '/cms/api/upload-single', form.body, { ...form.headers, ...as('going') });
    expect(upload.statusCode, upload.body).toBe(201);
    const name = upload.json().data.name as string;
    const post = (
      await t.admin('POST', '/cms/api/posts', { title: 'Going post', content: `<img src="/uploads/${name}">` }, as('going'))
    ).json().data;
    await t.admin('PUT', `/cms/api/posts/${post.id}`, { title: 'Going post, edited' }, as('going'));
    await t.admin('PUT', `/cms/api/posts/${post.id}/draft`, { title: 'Going draft' }, as('going'));
    const kept = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'Staying', status: 1 })).json().data;
    await t.admin('PUT', `/cms/api/faqs/${kept.id}`, { faq_title: 'Staying, edited' });
    const db = t.app.ctx.database.db;
    const count = async (table: 'revisions' | 'drafts' | 'files', appKey: string) =>
      (await db.selectFrom(table).select('app_key').where('app_key', '=', appKey).execute()).length;
    expect(await count('revisions', 'going')).toBe(1);
    expect(await count('drafts', 'going')).toBe(1);
    expect(fs.existsSync(path.join(t.config.uploadDir, name))).toBe(true);
    const demoRevisions = await count('revisions', 'demo');

    const deleted = await t.admin('DELETE', '/cms/api/applications/going');
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await count('revisions', 'going')).toBe(0);
    expect(await count('drafts', 'going')).toBe(0);
    expect(await count('files', 'going')).toBe(0);
    expect(fs.existsSync(path.join(t.config.uploadDir, name))).toBe(false);
    expect(await count('revisions', 'demo')).toBe(demoRevisions);
    expect((await t.admin('GET', `/cms/api/faqs/${kept.id}`)).statusCode).toBe(200);
  });
});
