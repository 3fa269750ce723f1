/** Bad input gets a 4xx naming the field, never a 5xx, and stores nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY, dialects, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('validation on %s', (dialect) => {
  let t: TestApp;
  const countPages = async () => (await t.admin('GET', '/cms/api/pages?size=1')).json().data.total as number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it.each([
    ['a wrong type', { title: 42 }, 'title'],
    ['an unknown field', { title: 'Fine', is_admin: true }, 'is_admin'],
    ['an oversize string', { title: 'x'.repeat(256) }, 'title'],
    ['a missing required field', { name: 'No title' }, 'title'],
    ['a negative status', { title: 'Fine', status: -1 }, 'status'],
    ['a fractional status', { title: 'Fine', status: 1.5 }, 'status'],
    ['a given-out field of the wrong type', { title: 'Fine', id: 'ninety-nine' }, 'id'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_case, body, field) => {
    const before = await countPages();
    const res = await t.admin('POST', '/cms/api/pages', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
    expect(res.json().message).toContain(field);
    expect(await countPages()).toBe(before);
  });

  it('refuses malformed JSON with 400', async () => {
    const before = await countPages();
    const res = await t.admin('POST', '/cms/api/pages', '{"title": "broken"', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
    expect(await countPages()).toBe(before);
  });

  it('takes a JSON content type with no body as no body: actions work, a create names its field', async () => {
    const json = { 'content-type': 'application/json' };
    const id = (await t.admin('POST', '/cms/api/faqs', { faq_title: 'Empty-bodied delete' })).json().data.id as number;
    expect((await t.admin('DELETE', `/cms/api/faqs/${id}`, '', json)).statusCode).toBe(200);
    expect((await t.admin('POST', `/cms/api/faqs/${id}/restore`, '', json)).statusCode).toBe(200);
    const before = await countPages();
    const create = await t.admin('POST', '/cms/api/pages', '', json);
    expect(create.statusCode).toBe(400);
    expect(create.json().message).not.toMatch(/empty/i);
    expect(await countPages()).toBe(before);
    // Prototype pollution is still refused by the parser behind it.
    const poisoned = await t.admin('POST', '/cms/api/faqs', '{"faq_title":"x","__proto__":{"admin":true}}', json);
    expect(poisoned.statusCode).toBe(400);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await t.admin('POST', '/cms/api/pages', { title: 'Big', content: 'x'.repeat(3 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a non-numeric id with 400 and an unknown one with 404', async () => {
    expect((await t.admin('GET', '/cms/api/pages/abc')).statusCode).toBe(400);
    expect((await t.admin('GET', '/cms/api/pages/999999')).statusCode).toBe(404);
    expect((await t.admin('PUT', '/cms/api/pages/999999', { title: 'x' })).statusCode).toBe(404);
  });

  it('refuses an invalid update and leaves the record as it was', async () => {
    const id = (await t.admin('POST', '/cms/api/pages', { title: 'Stable' })).json().data.id;
    const res = await t.admin('PUT', `/cms/api/pages/${id}`, { title: 'Changed', status: 'active' });
    expect(res.statusCode).toBe(400);
    expect((await t.admin('GET', `/cms/api/pages/${id}`)).json().data.title).toBe('Stable');
  });

  it('keeps an application key as it was created: sent again unchanged it is accepted, changed it is refused', async () => {
    const same = await t.admin('PUT', '/cms/api/applications/demo', { app_key: 'demo', title: 'Same key' });
    expect(same.statusCode, same.body).toBe(200);
    const renamed = await t.admin('PUT', '/cms/api/applications/demo', { app_key: 'renamed', title: 'Other key' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.app_key).toBe('App Key cannot change once the app setting exists');
    expect((await t.visitor('GET', '/cms/applications/demo')).json().data.title).toBe('Same key');
  });

  it('checks emails, dates, choices and digits', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/cms/api/subscribers', { email: 'not-an-email' }, 'email'],
      ['/cms/api/careers', { title: 'Dev', application_start_at: '2026-13-01' }, 'application_start_at'],
      ['/cms/api/gallery', { title: 'x', type: 'video' }, 'type'],
      ['/cms/api/socials', { name: 'x', target: '_new' }, 'target'],
      ['/cms/api/users', { email: 'a@b.org', password: 'longenough', confirm_password: 'longenough', phone: '12ab' }, 'phone'],
      ['/cms/api/menus', { title: 'x', location: 'zz9' }, 'location'],
    ];
    for (const [url, body, field] of cases) {
      const res = await t.admin('POST', url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().errors).toHaveProperty(field);
    }
  });

  it('refuses a relation to a record that does not exist, and a menu that would be its own parent', async () => {
    const orphan = await t.admin('POST', '/cms/api/sections', { title: 'Orphan', page_id: 987654 });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().errors).toHaveProperty('page_id');

    const parent = (await t.admin('POST', '/cms/api/menus', { title: 'Parent' })).json().data.id;
    const child = (await t.admin('POST', '/cms/api/menus', { title: 'Child', parent_id: parent })).json().data.id;
    const loop = await t.admin('PUT', `/cms/api/menus/${parent}`, { parent_id: child });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors).toHaveProperty('parent_id');
    const self = await t.admin('PUT', `/cms/api/menus/${parent}`, { parent_id: parent });
    expect(self.statusCode).toBe(400);
  });

  it('makes slugs from titles, keeps them unique, and refuses a taken one', async () => {
    const first = (await t.admin('POST', '/cms/api/posts', { title: 'Annual Meeting 2026!' })).json().data;
    expect(first.slug).toBe('annual-meeting-2026');
    const second = (await t.admin('POST', '/cms/api/posts', { title: 'Annual meeting 2026' })).json().data;
    expect(second.slug).toBe('annual-meeting-2026-2');
    const taken = await t.admin('POST', '/cms/api/posts', { title: 'Other', slug: 'annual-meeting-2026' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toHaveProperty('slug');
  });

  it('keeps career dates as YYYY-MM-DD HH:mm:ss text both ways', async () => {
    const body = {
      title: 'Senior Developer',
      application_publish_at: '2026-11-01 08:00:00',
      application_start_at: '2026-11-02 09:00:00',
      application_end_at: '2026-12-31 17:30:00',
    };
    const created = await t.admin('POST', '/cms/api/careers', body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject(body);
  });

  it('accepts a null parent for categories and all=1 on their list; selectors get every row unpaged', async () => {
    const parent = await t.admin('POST', '/cms/api/post-categories', { name: 'Top', parent_id: null });
    expect(parent.statusCode).toBe(201);
    expect(parent.json().data.parent_id).toBeNull();
    for (let i = 0; i < 12; i++) await t.admin('POST', '/cms/api/menus', { title: `Menu ${i}` });
    const all = await t.admin('GET', '/cms/api/menus');
    expect(all.json().data.data.length).toBe(all.json().data.total);
    expect(all.json().data.total).toBeGreaterThan(10);
    const paged = await t.admin('GET', '/cms/api/post-categories?all=1&page=1&size=10&search_key=Top');
    expect(paged.statusCode).toBe(200);
    expect(paged.json().data.data[0].name).toBe('Top');
  });

  it('caps the page size at 1000 and treats LIKE wildcards in a search literally', async () => {
    const big = await t.admin('GET', '/cms/api/pages?size=50000');
    expect(big.statusCode).toBe(200);
    await t.admin('POST', '/cms/api/pages', { title: 'Growth 100% in 2026' });
    await t.admin('POST', '/cms/api/pages', { title: 'Growth 1000 in 2026' });
    const hits = await t.admin('GET', `/cms/api/pages?search_key=${encodeURIComponent('100%')}`);
    expect(hits.json().data.data.map((p: { title: string }) => p.title)).toEqual(['Growth 100% in 2026']);
  });

  it('keeps search totals right across creates, edits and deletes', async () => {
    const total = async () => (await t.admin('GET', '/cms/api/posts?search_key=quarterly')).json().data.total as number;
    expect(await total()).toBe(0);
    const id = (await t.admin('POST', '/cms/api/posts', { title: 'Quarterly report', slug: 'q-one' })).json().data.id;
    expect(await total()).toBe(1);
    await t.admin('PUT', `/cms/api/posts/${id}`, { title: 'Annual report' });
    expect(await total()).toBe(0);
    await t.admin('PUT', `/cms/api/posts/${id}`, { title: 'Quarterly again' });
    expect(await total()).toBe(1);
    await t.admin('DELETE', `/cms/api/posts/${id}`);
    expect(await total()).toBe(0);
  });

  it('answers a missing app key with 400 and an unknown one with 404', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/cms/sliders' });
    expect(none.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'GET', url: '/cms/sliders', headers: { 'app-key': 'nope' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/nope/);
    const adminUnknown = await t.admin('GET', '/cms/api/pages', undefined, { app_key: 'nope' });
    expect(adminUnknown.statusCode).toBe(404);
  });

  it('a retried create with the same Idempotency-Key makes one record', async () => {
    const key = 'retry-7c1b2a90-aaaa';
    const first = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Once only' }, { 'idempotency-key': key });
    const again = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Once only' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    const list = await t.admin('GET', '/cms/api/faqs?search_key=Once%20only');
    expect(list.json().data.total).toBe(1);
  });

  it('binds an Idempotency-Key to its request: another body or resource is a 422 and stores nothing', async () => {
    const key = 'bound-3f0e9d1c-bbbb';
    const first = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Bound question' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const changed = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Another question' }, { 'idempotency-key': key });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors).toHaveProperty('Idempotency-Key');
    const elsewhere = await t.admin('POST', '/cms/api/sliders', { title: 'Bound question' }, { 'idempotency-key': key });
    expect(elsewhere.statusCode).toBe(422);
    expect((await t.admin('GET', '/cms/api/faqs?search_key=Another%20question')).json().data.total).toBe(0);
    expect((await t.admin('GET', '/cms/api/sliders?search_key=Bound%20question')).json().data.total).toBe(0);
  });

  it('says a replayed create’s record was deleted (410) rather than a conflict', async () => {
    const key = 'deleted-5d2c8e7a-cccc';
    const first = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Short-lived' }, { 'idempotency-key': key });
    await t.admin('DELETE', `/cms/api/faqs/${first.json().data.id}`);
    const again = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Short-lived' }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/deleted/);
  });

  it('keeps the Idempotency-Keys of different users apart', async () => {
    const password = 'second-user-password';
    const made = await t.admin('POST', '/cms/api/users', {
      email: 'second@example.org',
      password,
      confirm_password: password,
      role: 'editor',
      sites: APP_KEY,
    });
    expect(made.statusCode, made.body).toBe(201);
    const login = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: 'second@example.org', password },
    });
    const other = { authorization: `Bearer ${login.json().token}` };
    const key = 'shared-9a8b7c6d-dddd';
    const mine = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Same words' }, { 'idempotency-key': key });
    const theirs = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Same words' }, { 'idempotency-key': key, ...other });
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });
});
