/** One table-driven suite over every admin entity, on every available database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaults, ENTITIES, type EntityDef } from '../../src/shared/entities';
import { createOtherApplication, dialects, OTHER_APP_KEY, startTestApp, type TestApp } from './harness';
import { minimalBody, sampleBody, searchProbe } from './samples';

// Form entries are made only by sending a form, from the answers its fields define: their life
// (stored, listed, found, erased, kept to their site) is tests/api/built-forms.test.ts's.
const entities = Object.entries(ENTITIES).filter(([name]) => name !== 'applications' && name !== 'form-entries') as [
  string,
  EntityDef,
][];

describe.each(await dialects())('CRUD on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());

  const create = async (def: EntityDef, body: Record<string, unknown>) => {
    if (def.readOnlyResource) return t.visitor('POST', `/cms/${def.resource}`, body);
    return t.admin('POST', `/cms/api/${def.resource}`, body);
  };

  describe.each(entities)('%s', (_name, def) => {
    it('creates, reads, lists, searches, updates and deletes', async () => {
      const body = sampleBody(def);
      const created = await create(def, body);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().data.id as number;
      expect(id).toBeGreaterThan(0);

      const got = await t.admin('GET', `/cms/api/${def.resource}/${id}`);
      expect(got.statusCode).toBe(200);
      const row = got.json().data;
      for (const [field, value] of Object.entries(body)) {
        if (def.fields[field]?.writeOnly || def.fields[field]?.virtual) expect(row).not.toHaveProperty(field);
        else if (def.fields[field]?.kind === 'email') expect(row[field]).toBe(String(value).toLowerCase());
        else expect(row[field], field).toEqual(value);
      }
      expect(row.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

      const page = await t.admin('GET', `/cms/api/${def.resource}?page=1&size=1`);
      expect(page.statusCode).toBe(200);
      const envelope = page.json().data;
      expect(envelope).toMatchObject({ current_page: 1 });
      expect(envelope.data).toHaveLength(1);
      expect(envelope.total).toBeGreaterThanOrEqual(1);
      expect(envelope.last_page).toBe(envelope.total);

      // Every entity's list has a search box, so every definition has a searchable text field.
      const probe = searchProbe(def, body);
      expect(probe, 'a searchable text field').toBeDefined();
      const [, text] = probe!;
      const found = await t.admin('GET', `/cms/api/${def.resource}?search_key=${encodeURIComponent(text.toUpperCase())}`);
      expect(found.json().data.data.map((r: { id: number }) => r.id)).toContain(id);
      const none = await t.admin('GET', `/cms/api/${def.resource}?search_key=no-such-text-anywhere`);
      expect(none.json().data.total).toBe(0);

      const textField = Object.entries(def.fields).find(([, f]) => f.kind === 'text' && !f.pattern && !f.unique)?.[0];
      expect(textField, 'a plain text field').toBeDefined();
      const updated = await t.admin('PUT', `/cms/api/${def.resource}/${id}`, { [textField!]: 'Changed value' });
      if (def.readOnlyResource) {
        // Contact messages are the visitor's words: staff read and delete them, never edit them.
        expect(updated.statusCode).toBe(404);
        expect((await t.admin('GET', `/cms/api/${def.resource}/${id}`)).json().data[textField!]).toBe(body[textField!]);
      } else {
        expect(updated.statusCode, updated.body).toBe(200);
        expect(updated.json().data[textField!]).toBe('Changed value');
      }

      const deleted = await t.admin('DELETE', `/cms/api/${def.resource}/${id}`);
      expect(deleted.statusCode).toBe(200);
      expect((await t.admin('GET', `/cms/api/${def.resource}/${id}`)).statusCode).toBe(404);
      expect((await t.admin('DELETE', `/cms/api/${def.resource}/${id}`)).statusCode).toBe(404);
    });

    it('applies the defaults of §3/§9 to a minimal create', async () => {
      const created = await create(def, minimalBody(def));
      expect(created.statusCode, created.body).toBe(201);
      const row = (await t.admin('GET', `/cms/api/${def.resource}/${created.json().data.id}`)).json().data;
      for (const [field, value] of Object.entries(createDefaults(def))) expect(row[field], field).toBe(value);
    });

    // Users are staff accounts shared by every application, so only tenant entities are checked here.
    if (def.tenant)
      it("never shows or touches a record through another application's key", async () => {
        const created = await create(def, { ...sampleBody(def), ...('status' in def.fields ? { status: 1 } : {}) });
        const id = created.json().data.id as number;
        const asOther = { app_key: OTHER_APP_KEY };
        const list = await t.admin('GET', `/cms/api/${def.resource}?size=1000`, undefined, asOther);
        expect(list.statusCode).toBe(200);
        expect(list.json().data.data.map((r: { id: number }) => r.id)).not.toContain(id);
        expect((await t.admin('GET', `/cms/api/${def.resource}/${id}`, undefined, asOther)).statusCode).toBe(404);
        expect((await t.admin('DELETE', `/cms/api/${def.resource}/${id}`, undefined, asOther)).statusCode).toBe(404);
        if (!def.readOnlyResource) {
          const put = await t.admin('PUT', `/cms/api/${def.resource}/${id}`, { status: 0 }, asOther);
          expect(put.statusCode).toBe(404);
        }
        const still = await t.admin('GET', `/cms/api/${def.resource}/${id}`);
        expect(still.statusCode).toBe(200);
        if ('status' in def.fields) expect(still.json().data.status).toBe(1);
      });
  });

  it('counts a list the same on every page: full, the last one part-full, and past the end', async () => {
    const question = `Paged question ${dialect}`;
    for (let i = 0; i < 5; i++) {
      const made = await t.admin('POST', '/cms/api/faqs', {
        ...sampleBody(ENTITIES.faqs as EntityDef),
        faq_title: `${question} ${i}`,
        status: 1,
      });
      expect(made.statusCode, made.body).toBe(201);
    }
    const pageOf = async (page: number) =>
      (await t.admin('GET', `/cms/api/faqs?page=${page}&size=2&search_key=${encodeURIComponent(question)}`)).json().data;
    const visitorPageOf = async (page: number) => (await t.visitor('GET', `/cms/faqs?page=${page}&size=2`)).json().data;
    const all = (await visitorPageOf(1)).total as number;
    expect(all).toBeGreaterThanOrEqual(5);
    for (const page of [1, 2, 3, 4]) {
      expect((await pageOf(page)).total, `page ${page}`).toBe(5);
      expect((await pageOf(page)).last_page, `page ${page}`).toBe(3);
    }
    expect((await pageOf(3)).data).toHaveLength(1);
    expect((await pageOf(4)).data).toHaveLength(0);
    const lastPage = Math.ceil(all / 2);
    for (const page of [1, lastPage, lastPage + 1]) expect((await visitorPageOf(page)).total, `visitor page ${page}`).toBe(all);
  });
});
