/**
 * Migration 011 on both databases: texts that name a file of this server by an absolute address
 * (as uploads used to be answered) become site-relative; addresses of other files, and files of
 * other servers, stay as they are; drafts and revisions are rewritten too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../src/server/db/migrations/011_site_relative_uploads';
import { dialects, multipart, PNG, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('site-relative upload addresses on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('rewrites absolute addresses of this server’s files in every text, and nothing else', async () => {
    const form = multipart('team.png', PNG);
    const name = (await t.admin('POST', '/cms/api/upload-single', form.body, form.headers)).json().data.name as string;
    const old = `http://127.0.0.1:4420/uploads/${name}`;
    const elsewhere = 'https://cdn.example.org/uploads/not-ours.png';
    const post = (
      await t.admin('POST', '/cms/api/posts', {
        title: 'Old addresses',
        thumb: old,
        content: `<p><img src="${old}" alt="Team"> and <img src="${elsewhere}" alt="Other"> and <a href="https://www.example.org/uploads/${name}">link</a></p>`,
      })
    ).json().data;
    await t.admin('PUT', `/cms/api/posts/${post.id}`, { sub_title: 'saved again' }); // a revision holding the old address
    await t.admin('PUT', `/cms/api/posts/${post.id}/draft`, { content: `<p><img src="${old}"></p>` });
    await t.admin('PUT', '/cms/api/applications/demo', { logo_header: old });

    await up(t.app.ctx.database.db as never);
    t.app.ctx.cache.invalidate();

    const stored = (await t.admin('GET', `/cms/api/posts/${post.id}`)).json().data;
    expect(stored.thumb).toBe(`/uploads/${name}`);
    expect(stored.content).toBe(
      `<p><img src="/uploads/${name}" alt="Team"> and <img src="${elsewhere}" alt="Other"> and <a href="/uploads/${name}">link</a></p>`,
    );
    const revisions = (await t.admin('GET', `/cms/api/posts/${post.id}/revisions`)).json().data.data;
    const snapshot = (await t.admin('GET', `/cms/api/posts/${post.id}/revisions/${revisions[0].id}`)).json().data;
    expect(snapshot.thumb).toBe(`/uploads/${name}`);
    expect(snapshot.content).toContain(`<img src="/uploads/${name}" alt="Team">`);
    expect((await t.admin('GET', `/cms/api/posts/${post.id}/draft`)).json().data.data.content).toBe(
      `<p><img src="/uploads/${name}"></p>`,
    );
    expect((await t.visitor('GET', '/cms/applications/demo')).json().data.logo_header).toBe(`/uploads/${name}`);
  });
});
