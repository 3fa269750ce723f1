/**
 * How the server uses a page-rendering bundle (src/server/seo/ssr.ts, plugins/spa.ts): the
 * bundle's API reads answered by the real API in-process, the HTML and its state put into the
 * page, redirects, and the fallback to browser rendering. The bundle here is a small stand-in
 * written by the test; the real one (src/client/entry-server.tsx) is exercised by the e2e layer.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './harness';

const INDEX =
  '<!doctype html><html><head><!--app-head-->\n<title>x</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/site-1.js">\n' +
  '</head><body><div id="root"></div></body></html>';
const MODULE_TAG = '<script type="module" crossorigin src="/assets/index-1.js"></script>';
const BUNDLE = `
let renders = 0;
export async function render({ url, config, transport }) {
  if (url === '/moved') return { redirect: '/new-place', status: 308 };
  if (url === '/broken') throw new Error('render failed');
  if (url === '/left') return { skipped: 'left to the browser' };
  const slug = url.slice(1);
  const res = await transport('/cms/pages/' + slug, { method: 'GET', headers: { 'app-key': config.appKey } });
  const page = JSON.parse(res.text).data;
  renders += 1;
  return { html: '<h1>' + page.title + '</h1><p>render ' + renders + '</p>', state: { url, queries: [{ key: ['public', 'pages', slug], data: page }] } };
}
`;
const STATE = /<script id="ssr-state" type="application\/json">([\s\S]*?)<\/script>/;

describe.each(await dialects())('server rendering on %s', (dialect) => {
  let t: TestApp;
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-ssr-'));
  const html = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
  beforeAll(async () => {
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    fs.mkdirSync(path.join(staticDir, '.ssr'));
    fs.writeFileSync(path.join(staticDir, '.ssr', 'entry-server.js'), BUNDLE);
    t = await startTestApp(dialect, { staticDir });
    await t.admin('POST', '/cms/api/pages', { title: 'Tricky', slug: 'tricky', content: '</script><script>alert(1)</script>' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('puts the rendered page into the root and its state beside it, read through the real API', async () => {
    const res = await html('/tricky');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(
      /<div id="root"><h1>Tricky<\/h1><p>render \d+<\/p><\/div><script id="ssr-state" type="application\/json">/,
    );
    const state = STATE.exec(res.body)![1]!;
    // Nothing inside the block can close it, and the content survives exactly.
    expect(state).not.toContain('<');
    expect(JSON.parse(state)).toEqual({
      url: '/tricky',
      queries: [
        { key: ['public', 'pages', 'tricky'], data: expect.objectContaining({ content: '</script><script>alert(1)</script>' }) },
      ],
    });
    expect(res.body).toContain('<title>Tricky · ');
  });

  it('starts the code of a rendered page after it has painted: start.js adds the module tags', async () => {
    const { body } = await html('/tricky');
    expect(body).not.toContain(MODULE_TAG);
    expect(body).not.toContain('rel="modulepreload"');
    expect(body).toContain(
      '<script defer src="/start.js" data-entry="/assets/index-1.js" data-preload="/assets/site-1.js"></script></body>',
    );
  });

  it('keeps a rendered page until content changes', async () => {
    await t.admin('POST', '/cms/api/pages', { title: 'Kept', slug: 'kept' });
    const first = (await html('/kept')).body;
    expect(first).toContain('<h1>Kept</h1>');
    expect((await html('/kept')).body).toBe(first); // the same render, not a new one
    const list = (await t.admin('GET', '/cms/api/pages?search_key=Kept')).json() as {
      data: { data: { id: number; slug: string }[] };
    };
    const id = list.data.data.find((p) => p.slug === 'kept')!.id;
    await t.admin('PUT', `/cms/api/pages/${id}`, { title: 'Kept and changed', slug: 'kept' });
    expect((await html('/kept')).body).toContain('<h1>Kept and changed</h1>');
  });

  it('answers a kept page from its first hook, as a kept API answer: ETag, 304, compressed once, cacheable by a CDN', async () => {
    await t.admin('POST', '/cms/api/pages', { title: 'Fast', slug: 'fast' });
    const first = await html('/fast');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const entries = t.app.ctx.cache.size;

    // Unknown query parameters are the same page: the same answer, no new entry.
    for (const url of ['/fast', '/fast?utm_source=mail', '/fast?x=1&y=2']) {
      const again = await html(url);
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe(first.body);
    }
    expect(t.app.ctx.cache.size).toBe(entries);
    const notModified = await t.app.inject({ method: 'GET', url: '/fast', headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const br = await t.app.inject({ method: 'GET', url: '/fast', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gzip = await t.app.inject({ method: 'GET', url: '/fast', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/fast', headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(first.body);
    // A preview link is never answered from what is kept.
    expect((await html('/fast?preview=made-up')).headers['cache-control']).toBe('private, no-store');
  });

  it('a rebuild under the running server is noticed even while every visit is answered from what is kept', async () => {
    await t.admin('POST', '/cms/api/pages', { title: 'Rebuilt', slug: 'rebuilt' });
    expect((await html('/rebuilt')).body).toContain('/assets/index-1.js');
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX.replaceAll('index-1.js', 'index-2.js'));
    await expect.poll(async () => (await html('/rebuilt')).body, { timeout: 5_000 }).toContain('/assets/index-2.js');
    fs.writeFileSync(path.join(staticDir, 'index.html'), INDEX);
    await expect.poll(async () => (await html('/rebuilt')).body, { timeout: 5_000 }).toContain('/assets/index-1.js');
  });

  it('answers a redirect the bundle asks for', async () => {
    const res = await html('/moved');
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe('/new-place');
  });

  it.each(['/broken', '/left'])('sends %s empty for the browser to render when the bundle fails or declines', async (url) => {
    const res = await html(url);
    expect(res.statusCode).toBe(404); // neither is a page here; the status comes from the content, not the renderer
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('ssr-state');
  });

  it('never renders admin screens, and keeps /app-shell (the offline shell) empty', async () => {
    for (const url of ['/admin/page', '/app-shell']) {
      const res = await html(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('ssr-state');
      // Nothing to show without the code: it loads at once.
      expect(res.body).toContain(MODULE_TAG);
      expect(res.body).not.toContain('start.js');
    }
  });

  it('does not serve the bundle or the build manifest as files', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/.ssr/entry-server.js' })).body).not.toContain(
      'export async function render',
    );
  });
});
