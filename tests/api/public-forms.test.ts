/**
 * A visitor's form sent as plain HTML (src/server/plugins/form-posts.ts) and as JSON by an island
 * (routes/public.ts): the same rules, the same store, stored once however often it is sent, and a
 * refusal drawn as the page with the visitor's words. Pages are rendered from the app's source.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, sourceBuild, startTestApp, type TestApp } from './harness';

const post = (t: TestApp, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });

describe.each(await dialects())('public forms on %s', (dialect) => {
  let t: TestApp;
  const staticDir = sourceBuild();
  let runs = 0;
  const marker = () => `m${Date.now().toString(36)}${(runs++).toString(36)}`;
  const stored = async (resource: string, search: string) =>
    (await t.admin('GET', `/cms/api/${resource}?search_key=${encodeURIComponent(search)}`)).json().data.total as number;
  const message = (m: string) => ({ name: 'Rahima Begum', email: `${m}@example.org`, message: `About the training (${m})` });

  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('stores a plain post and answers 303 back to the page with its confirmation', async () => {
    const m = marker();
    const res = await post(t, '/contact?form=contact', { ...message(m), idempotency_key: `key-${m}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/contact?sent=contact');
    expect(await stored('messages', m)).toBe(1);
    const page = await t.app.inject({ method: 'GET', url: '/contact?sent=contact' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Thank you for writing to us. We will get back to you soon.');
    // The confirmation is its own page; the contact page itself does not say it.
    expect((await t.app.inject({ method: 'GET', url: '/contact' })).body).not.toContain('Thank you for writing to us');
  });

  it('subscribes from any page, back to that page (a listing keeps its page number)', async () => {
    const m = marker();
    const res = await post(t, '/news?page=2&form=subscribe', { email: `${m}@example.org` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/news?page=2&sent=subscribe');
    expect(await stored('subscribers', m)).toBe(1);
  });

  it('stores a double press or a resent post once: by its hidden key, or without one by what it says', async () => {
    const keyed = marker();
    for (let i = 0; i < 3; i++) {
      expect((await post(t, '/contact?form=contact', { ...message(keyed), idempotency_key: `key-${keyed}` })).statusCode).toBe(
        303,
      );
    }
    expect(await stored('messages', keyed)).toBe(1);
    const unkeyed = marker();
    await Promise.all([0, 1].map(() => post(t, '/contact?form=contact', message(unkeyed))));
    expect(await stored('messages', unkeyed)).toBe(1);
  });

  it('stores an island’s JSON post once per Idempotency-Key, as a plain post with the same key', async () => {
    const m = marker();
    for (let i = 0; i < 2; i++) {
      const res = await t.visitor('POST', '/cms/messages', message(m), { 'idempotency-key': `key-${m}` });
      expect(res.statusCode).toBe(201);
    }
    // The island's post got through but its answer was lost; the device sent it again as a form post.
    expect((await post(t, '/contact?form=contact', { ...message(m), idempotency_key: `key-${m}` })).statusCode).toBe(303);
    expect(await stored('messages', m)).toBe(1);
  });

  it('refuses with the page drawn again: 400, every word kept, each refusal beside its field, nothing stored', async () => {
    const m = marker();
    const res = await post(t, '/contact?form=contact', {
      name: 'Rahima <b>Begum</b>',
      email: `${m}@`,
      message: `Keep these words (${m})`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('Please enter a valid email address, for example name@example.com.');
    expect(res.body).toContain('value="Rahima &lt;b&gt;Begum&lt;/b&gt;"');
    expect(res.body).toContain(`Keep these words (${m})</textarea>`);
    expect(res.body).toContain(`value="${m}@"`);
    expect(await stored('messages', m)).toBe(0);
    // Nobody else is shown their words: the page kept for everyone is untouched.
    expect((await t.app.inject({ method: 'GET', url: '/contact' })).body).not.toContain(m);
  });

  it('applies the JSON API’s limits: a message too long is refused in the same words', async () => {
    const res = await post(t, '/contact?form=contact', { ...message(marker()), message: 'x'.repeat(5_001) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Your message can be at most 5000 characters.');
    const json = await t.visitor('POST', '/cms/messages', { ...message(marker()), message: 'x'.repeat(5_001) });
    expect(json.statusCode).toBe(400);
    expect(json.json().errors.message).toBe('Your message can be at most 5000 characters.');
  });

  it('is a 404 for a form that does not exist, or an address that is not a page', async () => {
    expect((await post(t, '/contact?form=nothing', message(marker()))).statusCode).toBe(404);
    expect((await post(t, '/contact', message(marker()))).statusCode).toBe(404);
    expect((await post(t, '/cms/unknown?form=contact', message(marker()))).statusCode).toBe(404);
    expect((await post(t, '/admin?form=contact', message(marker()))).statusCode).toBe(404);
  });

  it('refuses a body too large with 413, and text no field may hold with the page and a reason', async () => {
    const big = await post(t, '/contact?form=contact', { ...message(marker()), message: 'x'.repeat(70_000) });
    expect(big.statusCode).toBe(413);
    const m = marker();
    const nul = await post(t, '/contact?form=contact', { ...message(m), message: `bad\u0000 (${m})` });
    expect(nul.statusCode).toBe(400);
    expect(nul.headers['content-type']).toContain('text/html');
    expect(nul.body).toContain('must not contain a NUL character');
    expect(await stored('messages', m)).toBe(0);
  });
});

describe('public form posts are limited per address, as the JSON API', () => {
  it('answers the 11th post in a minute with 429 and the page, the words kept', async () => {
    const staticDir = sourceBuild();
    const t = await startTestApp('sqlite', { staticDir, publicWriteLimit: 10 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await post(t, '/?form=subscribe', { email: `limit${i}@example.org` });
        statuses.push(res.statusCode);
        if (i === 10) {
          expect(res.body).toContain('Please wait a minute and send again.');
          expect(res.body).toContain('value="limit10@example.org"');
        }
      }
      expect(statuses).toEqual([...Array(10).fill(303), 429]);
    } finally {
      await t.close();
      fs.rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
