/** The visitor-facing API of spec §7.1: active rows only, the envelopes the site reads, caching. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessReads } from '../../src/server/routes/public';
import { APP_KEY, createOtherApplication, dialects, OTHER_APP_KEY, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('public API on %s', (dialect) => {
  let t: TestApp;
  const created = async (url: string, body: Record<string, unknown>) => {
    const res = await t.admin('POST', url, body);
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().data as Record<string, unknown> & { id: number };
  };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());

  it('leaves internal fields out of public answers: who on staff made a record, its Trash state', async () => {
    await created('/cms/api/posts', { title: 'Written by staff', status: 1 });
    const list = (await t.visitor('GET', '/cms/posts?size=100')).json().data.data as Record<string, unknown>[];
    const one = (await t.visitor('GET', '/cms/posts/written-by-staff')).json().data as Record<string, unknown>;
    const site = (await t.visitor('GET', '/cms/applications/demo')).json().data as Record<string, unknown>;
    const page = (await t.visitor('GET', '/cms/pages/about')).json().data as Record<string, unknown>;
    for (const record of [...list, one, site, page]) {
      expect(record).not.toHaveProperty('created_by');
      expect(record).not.toHaveProperty('user_id');
      expect(record).not.toHaveProperty('deleted_at');
    }
    expect(one.title).toBe('Written by staff');
    // Staff still see who wrote it.
    const admin = (await t.admin('GET', `/cms/api/posts/${one.id as number}`)).json().data;
    expect(admin).toHaveProperty('created_by');
  });

  it('serves nothing of a site switched off (status 0), and all of it again once it is on', async () => {
    const read = () => t.visitor('GET', '/cms/sliders', undefined, { 'app-key': OTHER_APP_KEY });
    expect((await read()).statusCode).toBe(200);
    expect((await t.admin('PUT', `/cms/api/applications/${OTHER_APP_KEY}`, { status: 0 })).statusCode).toBe(200);
    const off = await read();
    expect(off.statusCode).toBe(404);
    expect(off.json().message).toBe('This site is not published');
    const write = await t.visitor('POST', '/cms/subscribers', { email: 'off@example.org' }, { 'app-key': OTHER_APP_KEY });
    expect(write.statusCode).toBe(404);
    expect((await t.admin('PUT', `/cms/api/applications/${OTHER_APP_KEY}`, { status: 1 })).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
  });

  it('reads only the settings of the site the app key names, never a switched-off one (issue #53, L1)', async () => {
    const contact = { email: 'hidden@example.org', phone: '01700000053' };
    expect((await t.admin('PUT', `/cms/api/applications/${OTHER_APP_KEY}`, { ...contact, status: 0 })).statusCode).toBe(200);
    const settingsOf = (site: string, key: string) =>
      t.visitor('GET', `/cms/applications/${site}`, undefined, { 'app-key': key });
    const renderRead = inProcessReads(t.app);
    try {
      for (const key of [APP_KEY, OTHER_APP_KEY]) {
        const answer = await settingsOf(OTHER_APP_KEY, key);
        expect(answer.statusCode, `with ${key}'s key: ${answer.body}`).toBe(404);
        expect(answer.body).not.toContain(contact.email);
        expect(answer.body).not.toContain(contact.phone);
      }
      const rendered = await renderRead(`/cms/applications/${OTHER_APP_KEY}`, APP_KEY);
      expect(rendered.status).toBe(404);
      expect(rendered.text).not.toContain(contact.email);
      // Switched on, it is still not another site's to read: only with its own key.
      expect((await t.admin('PUT', `/cms/api/applications/${OTHER_APP_KEY}`, { status: 1 })).statusCode).toBe(200);
      expect((await settingsOf(OTHER_APP_KEY, APP_KEY)).statusCode).toBe(404);
      expect((await renderRead(`/cms/applications/${OTHER_APP_KEY}`, APP_KEY)).status).toBe(404);
      const own = await settingsOf(OTHER_APP_KEY, OTHER_APP_KEY);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().data.email).toBe(contact.email);
      expect((await settingsOf(APP_KEY, APP_KEY)).statusCode).toBe(200);
    } finally {
      await t.admin('PUT', `/cms/api/applications/${OTHER_APP_KEY}`, { status: 1 });
    }
  });

  it('lists only active sliders in data.data.data', async () => {
    await created('/cms/api/sliders', { title: 'Shown slider', status: 1 });
    await created('/cms/api/sliders', { title: 'Hidden slider', status: 0 });
    const res = await t.visitor('GET', '/cms/sliders');
    expect(res.statusCode).toBe(200);
    const titles = res.json().data.data.map((s: { title: string }) => s.title);
    expect(titles).toContain('Shown slider');
    expect(titles).not.toContain('Hidden slider');
  });

  it('gives top sections with their active widgets, in sort order', async () => {
    const second = await created('/cms/api/sections', { title: 'Second top', is_top: 1, sort_order: 20, template: 'default' });
    const first = await created('/cms/api/sections', { title: 'First top', is_top: 1, sort_order: 10, template: 'about_us' });
    await created('/cms/api/sections', { title: 'Not on home', is_top: 0 });
    await created('/cms/api/widgets', { title: 'Live widget', section_id: first.id });
    await created('/cms/api/widgets', { title: 'Draft widget', section_id: first.id, status: 0 });
    const res = await t.visitor('GET', '/cms/sections?is_top=1');
    const sections = res.json().data.data as { id: number; title: string; widgets: { title: string }[] }[];
    const ids = sections.map((s) => s.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(sections.map((s) => s.title)).not.toContain('Not on home');
    expect(sections.find((s) => s.id === first.id)!.widgets.map((w) => w.title)).toEqual(['Live widget']);
  });

  it('gives the newest active posts first, three per page when asked, and a post by slug', async () => {
    for (const title of ['Old news', 'Middle news', 'Fresh news', 'Freshest news']) {
      await created('/cms/api/posts', { title });
    }
    await created('/cms/api/posts', { title: 'Draft news', status: 0 });
    const res = await t.visitor('GET', '/cms/posts?size=3');
    const envelope = res.json().data;
    expect(envelope.data.map((p: { title: string }) => p.title)).toEqual(['Freshest news', 'Fresh news', 'Middle news']);
    expect(envelope.last_page).toBe(Math.ceil(envelope.total / 3));
    const one = await t.visitor('GET', '/cms/posts/fresh-news');
    expect(one.json().data.title).toBe('Fresh news');
    expect((await t.visitor('GET', '/cms/posts/draft-news')).statusCode).toBe(404);
  });

  it('gives a page by slug with its sections and widgets, and 404 for an unknown or inactive one', async () => {
    const page = await created('/cms/api/pages', { title: 'Who we are', slug: 'who-we-are', content: '<p>Hello</p>' });
    const section = await created('/cms/api/sections', { title: 'Our team', page_id: page.id });
    await created('/cms/api/widgets', { title: 'Engineers', section_id: section.id });
    const res = await t.visitor('GET', '/cms/pages/who-we-are');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Who we are', content: '<p>Hello</p>' });
    expect(res.json().data.sections[0]).toMatchObject({ title: 'Our team', widgets: [{ title: 'Engineers' }] });
    expect((await t.visitor('GET', '/cms/pages/no-such-page')).statusCode).toBe(404);
    await created('/cms/api/pages', { title: 'Hidden', slug: 'hidden-page', status: 0 });
    expect((await t.visitor('GET', '/cms/pages/hidden-page')).statusCode).toBe(404);
  });

  it("never shows another application's content", async () => {
    await t.admin('POST', '/cms/api/pages', { title: 'Other only', slug: 'other-only' }, { app_key: OTHER_APP_KEY });
    expect((await t.visitor('GET', '/cms/pages/other-only')).statusCode).toBe(404);
    const asOther = await t.app.inject({ method: 'GET', url: '/cms/pages/other-only', headers: { 'app-key': OTHER_APP_KEY } });
    expect(asOther.statusCode).toBe(200);
  });

  it('gives gallery, socials, menus and the site info', async () => {
    await created('/cms/api/gallery', { title: 'Office', type: 'image', file_url: '/uploads/office.webp' });
    await created('/cms/api/socials', { name: 'Facebook', link_url: 'https://facebook.com/x' });
    await created('/cms/api/menus', { title: 'About Us', slug: '/about', location: 'ab1', shortcode: 'TOPMENU' });
    const gallery = await t.visitor('GET', '/cms/gallery');
    expect(gallery.json().data.data.some((g: { title: string }) => g.title === 'Office')).toBe(true);
    const socials = await t.visitor('GET', '/cms/socials');
    expect(socials.json().data.data.some((s: { name: string }) => s.name === 'Facebook')).toBe(true);
    const menus = await t.visitor('GET', '/cms/menus');
    expect(Array.isArray(menus.json().data)).toBe(true);
    expect(menus.json().data.find((m: { title: string }) => m.title === 'About Us')).toMatchObject({
      location: 'ab1',
      slug: '/about',
    });
    const site = await t.visitor('GET', `/cms/applications/${t.config.appKey}`);
    expect(site.json().data.app_key).toBe(t.config.appKey);
    expect(site.json().data).not.toHaveProperty('user_id');
  });

  it('shows only careers published by now', async () => {
    await created('/cms/api/careers', { title: 'Open role', application_publish_at: '2020-01-01 00:00:00' });
    await created('/cms/api/careers', { title: 'Future role', application_publish_at: '2099-01-01 00:00:00' });
    const titles = (await t.visitor('GET', '/cms/careers')).json().data.data.map((c: { title: string }) => c.title);
    expect(titles).toContain('Open role');
    expect(titles).not.toContain('Future role');
  });

  it('subscribes an email once per application, answers a repeat the same, and explains a bad one', async () => {
    const ok = await t.visitor('POST', '/cms/subscribers', { email: 'Reader@Example.org' });
    expect(ok.statusCode).toBe(201);
    // Again: the same answer, so the form tells no one who is subscribed; still one row.
    const again = await t.visitor('POST', '/cms/subscribers', { email: 'reader@example.org' });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(ok.body);
    const bad = await t.visitor('POST', '/cms/subscribers', { email: 'reader-at-example' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.email).toMatch(/valid email/);
    const list = await t.admin('GET', '/cms/api/subscribers?search_key=reader@example.org');
    expect(list.json().data.total).toBe(1);
    expect(list.json().data.data[0].status).toBe(1);
  });

  it('stores a contact message for staff, and refuses an empty one', async () => {
    const sent = await t.visitor('POST', '/cms/messages', { name: 'Ana', email: 'ana@example.org', message: 'Hello there' });
    expect(sent.statusCode).toBe(201);
    const empty = await t.visitor('POST', '/cms/messages', { name: '', email: 'ana@example.org', message: '' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors)).toEqual(expect.arrayContaining(['name', 'message']));
    const inbox = await t.admin('GET', '/cms/api/messages?search_key=Hello%20there');
    expect(inbox.json().data.data[0]).toMatchObject({ name: 'Ana', email: 'ana@example.org' });
    expect((await t.admin('POST', '/cms/api/messages', { name: 'x', email: 'x@y.org', message: 'x' })).statusCode).toBe(404);
  });

  it('throttles public writes per IP', async () => {
    const limited = await startTestApp(dialect, { publicWriteLimit: 2 });
    try {
      const send = () => limited.visitor('POST', '/cms/messages', { name: 'A', email: 'a@b.org', message: 'Hi' });
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(201);
      expect((await send()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('answers repeated reads from its cache with the same headers, an ETag, brotli or gzip as accepted, and 304, until staff write', async () => {
    const slider = await created('/cms/api/sliders', { title: 'Cached slider', description: 'x'.repeat(2000) });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const get = (headers: Record<string, string> = {}) =>
      fetch(`${address}/cms/sliders`, { headers: { 'app-key': t.config.appKey, ...headers } });
    const first = await get();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(first.headers.get('cross-origin-opener-policy')).toBeNull();
    const cached = await get();
    expect(cached.headers.get('etag')).toBe(etag);
    for (const header of ['content-security-policy', 'x-content-type-options', 'content-type', 'cache-control']) {
      expect(cached.headers.get(header), header).toBe(first.headers.get(header));
    }
    expect(await cached.text()).toBe(await first.text());
    const zipped = await get({ 'accept-encoding': 'gzip' });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect((await zipped.json()).data.data.some((s: { title: string }) => s.title === 'Cached slider')).toBe(true);
    const notModified = await get({ 'if-none-match': etag });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('content-length')).toBeNull();
    // A list of validators, as a client holding several copies sends it.
    expect((await get({ 'if-none-match': `"older", ${etag}` })).status).toBe(304);
    expect((await get({ 'if-none-match': '"older"' })).status).toBe(200);
    const brotli = await t.visitor('GET', '/cms/sliders', undefined, { 'accept-encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    const refused = await t.visitor('GET', '/cms/sliders', undefined, { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.json().data.data.some((s: { title: string }) => s.title === 'Cached slider')).toBe(true);
    // Hits are answered inside Fastify, once its router has chosen the route: inject() sees them like any answer.
    expect(refused.headers.etag).toBe(etag);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    await t.admin('PUT', `/cms/api/sliders/${slider.id}`, { title: 'Renamed slider' });
    const fresh = await get({ 'if-none-match': etag });
    expect(fresh.status).toBe(200);
    expect(await fresh.text()).toContain('Renamed slider');
  });

  it('dashboard counts match what was created', async () => {
    const before = (await t.admin('GET', '/cms/api/app-report')).json().data;
    await created('/cms/api/pages', { title: 'Counted page' });
    await created('/cms/api/post-categories', { name: 'Counted category' });
    const after = (await t.admin('GET', '/cms/api/app-report')).json().data;
    expect(after.total_page).toBe(before.total_page + 1);
    expect(after.total_post_category).toBe(before.total_post_category + 1);
    expect(Object.keys(after).sort()).toEqual([
      'total_page',
      'total_post',
      'total_post_category',
      'total_section',
      'total_widget',
    ]);
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/cms/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths).toHaveProperty('/cms/api/pages/{id}');
    expect(doc.paths['/cms/api/pages'].post.requestBody).toBeDefined();
    // Response schemas come from the definitions: the record's fields, never a write-only one.
    const user = doc.paths['/cms/api/users/{id}'].get.responses['200'].content['application/json'].schema.properties.data;
    expect(Object.keys(user.properties)).toEqual(expect.arrayContaining(['id', 'email', 'name', 'created_at']));
    expect(user.properties).not.toHaveProperty('password');
    const page = doc.paths['/cms/pages/{slug}'].get.responses['200'].content['application/json'].schema.properties.data;
    expect(page.properties.sections.items.properties.widgets.items.properties).toHaveProperty('link_url');
  });
});
