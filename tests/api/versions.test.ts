/**
 * Versions on every record: 1 on create and one more per save, an ETag on reads, and a save based
 * on an older version refused with 409 and the stored record, so no acknowledged edit is
 * overwritten without someone choosing it. Table-driven over every editable entity, on every
 * database; with racing saves, exactly one of two based on the same version lands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDef } from '../../src/shared/entities';
import { dialects, signInAs, startTestApp, type TestApp } from './harness';
import { sampleBody } from './samples';

const editable = Object.values(ENTITIES).filter((def) => !def.readOnlyResource && def.resource !== 'applications') as EntityDef[];
const textField = (def: EntityDef) =>
  Object.entries(def.fields).find(([, f]) => f.kind === 'text' && !f.pattern && !f.unique && !f.readOnly)![0];

describe.each(await dialects())('versions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it.each(editable.map((def) => [def.resource, def] as const))(
    '%s: saves based on an older version are refused with the stored record',
    async (_name, def) => {
      const field = textField(def);
      const created = await t.admin('POST', `/cms/api/${def.resource}`, sampleBody(def));
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as number;
      expect(created.json().data.version).toBe(1);
      const read = await t.admin('GET', `/cms/api/${def.resource}/${id}`);
      expect(read.headers.etag).toBe('"1"');

      const mine = await t.admin('PUT', `/cms/api/${def.resource}/${id}`, { [field]: 'Mine' }, { 'if-match': '"1"' });
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().data.version).toBe(2);
      expect(mine.headers.etag).toBe('"2"');

      const theirs = await t.admin('PUT', `/cms/api/${def.resource}/${id}`, { [field]: 'Theirs' }, { 'if-match': '"1"' });
      expect(theirs.statusCode).toBe(409);
      expect(theirs.json()).toMatchObject({
        message: expect.stringMatching(/saved by someone else/),
        errors: { version: expect.any(String) },
        current: { id, version: 2, [field]: 'Mine' },
      });
      expect((await t.admin('GET', `/cms/api/${def.resource}/${id}`)).json().data[field]).toBe('Mine');

      const inBody = await t.admin('PUT', `/cms/api/${def.resource}/${id}`, { [field]: 'Based on 2', version: 2 });
      expect(inBody.json().data).toMatchObject({ version: 3, [field]: 'Based on 2' });
      // The spec's own client names no version: its save lands, as before.
      const unversioned = await t.admin('PUT', `/cms/api/${def.resource}/${id}`, { [field]: 'No version' });
      expect(unversioned.json().data.version).toBe(4);
    },
  );

  it('of two saves based on one version, exactly one lands, however they race', async () => {
    for (let round = 0; round < 10; round++) {
      const created = await t.admin('POST', '/cms/api/faqs', { faq_title: `Race ${round}` });
      const id = created.json().data.id as number;
      const answers = await Promise.all(
        ['A', 'B', 'C'].map((who) => t.admin('PUT', `/cms/api/faqs/${id}`, { faq_title: `By ${who}` }, { 'if-match': '"1"' })),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses).toEqual([200, 409, 409]);
      const winner = answers.find((a) => a.statusCode === 200)!.json().data.faq_title;
      const stored = (await t.admin('GET', `/cms/api/faqs/${id}`)).json().data;
      expect(stored).toMatchObject({ version: 2, faq_title: winner });
    }
  });

  it('refuses a malformed If-Match, and a body version that contradicts it', async () => {
    const id = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'Checked' })).json().data.id as number;
    const bad = await t.admin('PUT', `/cms/api/faqs/${id}`, { faq_title: 'x' }, { 'if-match': 'yesterday' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('If-Match');
    const contradicting = await t.admin('PUT', `/cms/api/faqs/${id}`, { faq_title: 'x', version: 2 }, { 'if-match': '"1"' });
    expect(contradicting.statusCode).toBe(400);
    expect((await t.admin('GET', `/cms/api/faqs/${id}`)).json().data).toMatchObject({ version: 1, faq_title: 'Checked' });
    expect((await t.admin('PUT', `/cms/api/faqs/${id}`, { faq_title: 'Any' }, { 'if-match': '*' })).statusCode).toBe(200);
  });

  it('versions the site settings too', async () => {
    const site = (await t.admin('GET', '/cms/api/applications/demo')).json().data;
    const first = await t.admin('PUT', '/cms/api/applications/demo', { title: 'First', version: site.version });
    expect(first.statusCode).toBe(200);
    const stale = await t.admin('PUT', '/cms/api/applications/demo', { title: 'Stale', version: site.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current.title).toBe('First');
  });
});

describe.each(await dialects())('repeated saves on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('answers a repeat of a save that already landed (a lost answer, sent again) with the record, not a conflict', async () => {
    const id = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'Before', faq_content: 'Text' })).json().data.id as number;
    const save = { faq_title: 'After', faq_content: 'Text', version: 1 };
    expect((await t.admin('PUT', `/cms/api/faqs/${id}`, save)).json().data.version).toBe(2);
    const repeat = await t.admin('PUT', `/cms/api/faqs/${id}`, save);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data).toMatchObject({ version: 2, faq_title: 'After' });
    // Anything the stored record does not already say is a conflict.
    expect((await t.admin('PUT', `/cms/api/faqs/${id}`, { ...save, faq_title: 'Other' })).statusCode).toBe(409);
  });
});

describe.each(await dialects())('presence on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('tells who else has the record open; marks not renewed for a minute, or left, are gone', async () => {
    const id = (await t.admin('POST', '/cms/api/posts', { title: 'Busy post' })).json().data.id as number;
    const editor = await signInAs(t, 'editor');
    expect((await t.admin('POST', `/cms/api/posts/${id}/presence`)).json().data).toEqual([]);
    const seen = (await editor.send('POST', `/cms/api/posts/${id}/presence`)).json().data as { user_name: string }[];
    expect(seen.map((e) => e.user_name)).toEqual(['Administrator']);
    expect(
      ((await t.admin('POST', `/cms/api/posts/${id}/presence`)).json().data as { user_name: string }[]).map((e) => e.user_name),
    ).toEqual(['The editor']);

    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await t.app.ctx.database.db
      .updateTable('presence')
      .set({ seen_at: twoMinutesAgo })
      .where('user_id', '=', editor.id)
      .execute();
    expect((await t.admin('POST', `/cms/api/posts/${id}/presence`)).json().data).toEqual([]);

    await editor.send('POST', `/cms/api/posts/${id}/presence`);
    expect((await editor.send('DELETE', `/cms/api/posts/${id}/presence`)).statusCode).toBe(200);
    expect((await t.admin('POST', `/cms/api/posts/${id}/presence`)).json().data).toEqual([]);
  });
});
