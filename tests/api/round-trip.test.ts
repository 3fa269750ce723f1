/**
 * The spec's forms load a record and send it back whole: what the server gave out (id, times,
 * version, read-only fields, placeholders, embedded children) is accepted back and ignored, on
 * every entity. Date-times take ISO 8601 as well as the spec's 'YYYY-MM-DD HH:mm:ss'.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, type EntityDef } from '../../src/shared/entities';
import { APP_KEY, dialects, startTestApp, type TestApp } from './harness';
import { sampleBody } from './samples';

const writable = Object.entries(ENTITIES).filter(([name, def]) => name !== 'applications' && !def.readOnlyResource) as [
  string,
  EntityDef,
][];
/** A text field any sample may change freely. */
const plainText = (def: EntityDef) =>
  Object.entries(def.fields).find(([, f]) => f.kind === 'text' && !f.pattern && !f.unique && !f.readOnly)![0];

describe.each(await dialects())('the load-edit-save round trip on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  const created = async (def: EntityDef, body = sampleBody(def)) => {
    const answer = await t.admin('POST', `/cms/api/${def.resource}`, body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as Record<string, unknown>;
  };

  describe.each(writable)('%s', (_name, def) => {
    it('takes back a read whole, with one field changed, and ignores what the server gave out', async () => {
      const { id } = await created(def);
      const loaded = (await t.admin('GET', `/cms/api/${def.resource}/${id}`)).json().data;
      const field = plainText(def);
      const saved = await t.admin('PUT', `/cms/api/${def.resource}/${id}`, {
        ...loaded,
        [field]: 'Edited through a round trip',
        ...('confirm_password' in def.fields ? { password: '', confirm_password: '' } : {}),
        // What the server gave out is ignored, even when a client changed it.
        created_at: '1999-01-01T00:00:00.000Z',
        ...('deleted_at' in loaded ? { deleted_at: '1999-01-01 00:00:00' } : {}),
        placeholders: { thumb: 'data:image/png;base64,AAAA' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const row = saved.json().data;
      expect(row[field]).toBe('Edited through a round trip');
      expect(row.version).toBe(loaded.version + 1);
      expect(row.created_at).toBe(loaded.created_at);
      expect(row.id).toBe(id);
    });

    it('refuses a body whose id names another record, and a truly unknown field, storing nothing', async () => {
      const { id, version } = await created(def);
      const field = plainText(def);
      const other = await t.admin('PUT', `/cms/api/${def.resource}/${id}`, { id: Number(id) + 1000, [field]: 'Not stored' });
      expect(other.statusCode).toBe(400);
      expect(other.json().errors).toHaveProperty('id');
      const unknown = await t.admin('PUT', `/cms/api/${def.resource}/${id}`, { [field]: 'Not stored', colour: 'red' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ colour: 'Unknown field "colour"' });
      const after = (await t.admin('GET', `/cms/api/${def.resource}/${id}`)).json().data;
      expect(after[field]).not.toBe('Not stored');
      expect(after.version).toBe(version);
    });

    it('creates a copy from a loaded record, ignoring its id', async () => {
      const original = await created(def);
      const loaded = (await t.admin('GET', `/cms/api/${def.resource}/${original.id}`)).json().data;
      const copy = sampleBody(def); // unique fields (email, slug) must differ from the original's
      const answer = await t.admin('POST', `/cms/api/${def.resource}`, { ...loaded, ...copy });
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().data.id).not.toBe(original.id);
      expect(answer.json().data.version).toBe(1);
    });
  });

  it('takes back a page read by visitors, with its embedded sections and widgets', async () => {
    const page = await created(ENTITIES.pages, { ...sampleBody(ENTITIES.pages), status: 1, publish_at: null });
    await created(ENTITIES.sections, { ...sampleBody(ENTITIES.sections), page_id: page.id, status: 1 });
    const read = await t.visitor('GET', `/cms/pages/${String(page.slug)}`);
    expect(read.statusCode, read.body).toBe(200);
    const loaded = read.json().data;
    expect(loaded.sections).toHaveLength(1);
    expect(loaded.sections[0]).toHaveProperty('widgets');
    const saved = await t.admin('PUT', `/cms/api/pages/${String(page.id)}`, { ...loaded, title: 'From the public read' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.title).toBe('From the public read');
  });

  it('takes a site read back whole', async () => {
    const loaded = (await t.admin('GET', `/cms/api/applications/${APP_KEY}`)).json().data;
    const saved = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { ...loaded, title: 'Round trip site' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.title).toBe('Round trip site');
    const other = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { ...loaded, id: loaded.id + 1 });
    expect(other.statusCode).toBe(400);
  });

  it('keeps a draft from a loaded record', async () => {
    const { id } = await created(ENTITIES.posts);
    const loaded = (await t.admin('GET', `/cms/api/posts/${String(id)}`)).json().data;
    const draft = await t.admin('PUT', `/cms/api/posts/${String(id)}/draft`, { ...loaded, title: 'Drafted whole' });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data.data).not.toHaveProperty('created_at');
    expect(draft.json().data.data.title).toBe('Drafted whole');
  });

  describe('date-times', () => {
    const cases: [string, string][] = [
      ['2026-11-25T10:00:00.000Z', '2026-11-25 10:00:00'],
      ['2026-11-25T10:00:00Z', '2026-11-25 10:00:00'],
      ['2026-11-25T16:00:00+06:00', '2026-11-25 10:00:00'],
      ['2026-11-25T04:30-0530', '2026-11-25 10:00:00'],
      ['2026-11-25 10:00:00', '2026-11-25 10:00:00'],
    ];

    it.each(cases)('publish_at %s is stored and answered as %s', async (sent, stored) => {
      const post = await created(ENTITIES.posts, { ...sampleBody(ENTITIES.posts), publish_at: sent });
      expect(post.publish_at).toBe(stored);
      const edited = await t.admin('PUT', `/cms/api/posts/${String(post.id)}`, { publish_at: sent });
      expect(edited.json().data.publish_at).toBe(stored);
    });

    it.each(cases)('career dates %s are answered in the spec form %s', async (sent, stored) => {
      const career = await created(ENTITIES.careers, {
        ...sampleBody(ENTITIES.careers),
        status: 1,
        application_publish_at: null,
        application_start_at: sent,
        application_end_at: sent,
      });
      expect(career.application_start_at).toBe(stored);
      const listed = (await t.visitor('GET', `/cms/careers?page=1&size=50`)).json().data.data as Record<string, unknown>[];
      expect(listed.find((row) => row.id === career.id)?.application_end_at).toBe(stored);
    });

    it.each(['2026-11-25T10:00:00', '2026-11-25', '25/11/2026 10:00', '2026-13-40T10:00:00Z', '2026-11-25 25:00:00'])(
      'refuses %s, naming the field, and stores nothing',
      async (sent) => {
        const before = (await t.admin('GET', '/cms/api/posts?page=1&size=1')).json().data.total;
        const answer = await t.admin('POST', '/cms/api/posts', { ...sampleBody(ENTITIES.posts), publish_at: sent });
        expect(answer.statusCode).toBe(400);
        expect(answer.json().errors.publish_at).toMatch(/Publish at must be a date and time: ISO 8601/);
        expect((await t.admin('GET', '/cms/api/posts?page=1&size=1')).json().data.total).toBe(before);
      },
    );
  });
});
