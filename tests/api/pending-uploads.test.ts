/**
 * A pending picture (a record saved while its picture is on its way) is filled only by an upload of
 * whoever saved it, only in records they may still update, and the fill is a save like any other
 * (issue #53, M3). On both databases, over real connections.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingRef } from '../../src/shared/pending-upload';
import { APP_KEY, dialects, PNG, signInAs, startTestApp, type TestApp } from './harness';
import { metadata, OCTETS, over, TUS } from './tus';

describe.each(await dialects())('pending pictures belong to who saved them on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  /**
   * Starts an upload of PNG carrying `pending`, as the holder of `token`, and sends it whole when
   * it may: what it became (GET /tus/{id}), or the refusal of the request that failed.
   */
  const upload = async (token: string, pending: string) => {
    const headers = { authorization: `Bearer ${token}`, app_key: APP_KEY, ...TUS };
    const created = await over(base, 'POST', '/cms/api/tus', {
      ...headers,
      'upload-length': String(PNG.length),
      'upload-metadata': metadata({ filename: 'banner.png', pending }),
    });
    if (created.statusCode !== 201) return created;
    const at = created.headers.location!;
    const sent = await over(base, 'PATCH', at, { ...headers, ...OCTETS, 'upload-offset': '0' }, PNG);
    if (sent.statusCode !== 204) return sent;
    return over(base, 'GET', at, headers);
  };
  const slide = async (id: number) => (await t.admin('GET', `/cms/api/sliders/${id}`)).json().data;

  it('another person’s upload naming the reference is refused, and the record stays as saved', async () => {
    const editor = await signInAs(t, 'editor');
    const author = await signInAs(t, 'author');
    const token = randomUUID();
    const saved = await editor.send('POST', '/cms/api/sliders', { title: 'Banner', status: 1, thumb: pendingRef(token) });
    expect(saved.statusCode, saved.body).toBe(201);
    const { id, version } = saved.json().data;
    // The reproduction: an author may not change the record, nor fill its picture.
    expect((await author.send('PUT', `/cms/api/sliders/${id}`, { title: 'Mine' })).statusCode).toBe(403);
    const refused = await upload(author.token, token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().errors).toHaveProperty('pending');
    // Not even an admin's upload fills the editor's picture.
    expect((await upload(t.token, token)).statusCode).toBe(403);
    expect(await slide(id)).toMatchObject({ thumb: pendingRef(token), version });
    // The editor's own upload does.
    const landed = await upload(editor.token, token);
    expect(landed.statusCode, landed.body).toBe(200);
    expect(await slide(id)).toMatchObject({ thumb: landed.json().data.url, version: version + 1 });
  });

  it('a reference someone else named first cannot be put into a record; one a record already holds is kept', async () => {
    const editor = await signInAs(t, 'editor');
    const author = await signInAs(t, 'author');
    // The author's upload landed first: its reference is the author's.
    const theirs = randomUUID();
    expect((await upload(author.token, theirs)).statusCode).toBe(200);
    const borrowed = await editor.send('POST', '/cms/api/sliders', { title: 'Borrowed', status: 1, thumb: pendingRef(theirs) });
    expect(borrowed.statusCode, borrowed.body).toBe(403);
    expect(borrowed.json().errors).toHaveProperty('thumb');
    // A colleague saving the editor's record sends its pending picture back unchanged: no claim, no refusal.
    const own = randomUUID();
    const saved = (await editor.send('POST', '/cms/api/sliders', { title: 'Own', status: 1, thumb: pendingRef(own) })).json()
      .data;
    const colleague = await t.admin('PUT', `/cms/api/sliders/${saved.id}`, { title: 'Own, retitled', thumb: pendingRef(own) });
    expect(colleague.statusCode, colleague.body).toBe(200);
    expect((await upload(editor.token, own)).statusCode).toBe(200);
    expect((await slide(saved.id)).thumb).toMatch(/^\/uploads\/banner-[0-9a-f]{10}\.png$/);
  });

  it('the fill is a save by the uploader: the next version, an earlier state in History, the activity log', async () => {
    const editor = await signInAs(t, 'editor');
    const token = randomUUID();
    const { id, version } = (
      await editor.send('POST', '/cms/api/sliders', { title: 'Recorded', status: 1, thumb: pendingRef(token) })
    ).json().data;
    const url = (await upload(editor.token, token)).json().data.url as string;
    expect(await slide(id)).toMatchObject({ thumb: url, version: version + 1 });
    const history = (await t.admin('GET', `/cms/api/sliders/${id}/revisions`)).json().data.data as { id: number }[];
    expect(history).toHaveLength(1);
    const earlier = (await t.admin('GET', `/cms/api/sliders/${id}/revisions/${history[0]!.id}`)).json().data;
    expect(earlier).toMatchObject({ thumb: pendingRef(token), version });
    const log = (await t.admin('GET', `/cms/api/activity?entity=sliders&action=update&user_id=${editor.id}`)).json().data
      .data as { record_id: number; changes: Record<string, unknown> | string | null }[];
    const entry = log.find((row) => row.record_id === id);
    expect(JSON.stringify(entry?.changes)).toContain(url);
  });

  it('fills only records the uploader may still update', async () => {
    const editor = await signInAs(t, 'editor');
    const token = randomUUID();
    const { id, version } = (
      await editor.send('POST', '/cms/api/sliders', { title: 'Demoted', status: 1, thumb: pendingRef(token) })
    ).json().data;
    // Now an author: they may still upload, but no longer change slides.
    expect((await t.admin('PUT', `/cms/api/users/${editor.id}`, { role: 'author' })).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: editor.email, password: editor.password },
    });
    const landed = await upload(login.json().token as string, token);
    expect(landed.statusCode, landed.body).toBe(200);
    expect(await slide(id)).toMatchObject({ thumb: pendingRef(token), version });
  });
});
