/**
 * How the server renders documents (src/server/seo/ssr.ts, plugins/spa.ts) with the app's own
 * server entry (src/client/entry-server.tsx, compiled from source here; the built bundle is
 * exercised by the e2e layer): the page and its state, read from the services in-process,
 * kept until content changes, redirects, the admin and the offline shell, the policy for the
 * router's inline scripts, and the fallback when a render fails (a small stand-in bundle).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY, dialects, sourceBuild, newlyKept, startTestApp, type TestApp } from './harness';
import { MARK_STORED_SESSION, STAFF_COOKIE } from '../../src/shared/stored-session';
import { compressBuild } from '../../scripts/compress-build.mjs';

/** A page as any visitor reads it: no cookie, no token. A page read after a write shows it (issue #54). */
const html = (t: TestApp, url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The router's dehydrated matches: the route ids it sent state for. */
const dehydratedRoutes = (body: string) => [...body.matchAll(/\{i:"([^"]*)"/g)].map((match) => match[1]);

describe.each(await dialects())('server rendering on %s', (dialect) => {
  let t: TestApp;
  const staticDir = sourceBuild();
  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir });
    const made = await t.admin('POST', '/cms/api/pages', {
      title: 'Tricky',
      slug: 'tricky',
      content: '<p>Safe words</p></script><script>alert(1)</script>',
    });
    expect(made.statusCode, made.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  it('sends the finished page as an islands document: no router state, the islands with their props', async () => {
    const res = await html(t, '/tricky');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/^<!DOCTYPE html><html lang="en" data-mantine-color-scheme="light" data-mode="islands"><head>/);
    expect(res.body).toContain('<title>Tricky · ');
    expect(res.body).toMatch(/<h1[^>]*>Tricky<\/h1>/);
    expect(res.body).toContain('<p>Safe words</p>'); // the content, cleaned by the same sanitiser as the browser's
    expect(res.body).not.toContain('</script><script>alert(1)');
    // The browser does not run the router on it: nothing of its state is sent.
    expect(res.body).not.toContain('$_TSR');
    expect(dehydratedRoutes(res.body)).toEqual([]);
    // Each island is its own root with its props (escaped as an attribute), for the browser to wake.
    const islands = [...res.body.matchAll(/data-island="([^"]+)" data-when="(\w+)" data-id="([^"]+)" data-props="([^"]*)"/g)];
    expect(islands.map((match) => match[1])).toEqual(['mega-menu', 'mobile-menu', 'subscribe', 'pwa-status']);
    expect(islands.map((match) => match[2])).toEqual(['visible', 'touch', 'visible', 'needed']);
    // "Install app" is the server's markup, hidden, which a behaviour shows when the browser offers installation.
    expect(res.body).toMatch(
      /data-island="install-app" data-when="needed" data-props="\{\}"><span hidden="" data-install-app="">/,
    );
    expect(new Set(islands.map((match) => match[3])).size).toBe(islands.length);
    const menu = JSON.parse(islands[0]![4]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { pathname: string };
    expect(menu.pathname).toBe('/tricky');
  });

  it('starts the islands after the page has painted: /start.js adds their entry, no module tag in the page', async () => {
    const { body } = await html(t, '/tricky');
    expect(body).not.toContain('type="module"');
    expect(body).toContain('<script defer="" src="/start.js" data-entry="/assets/islands-1.js" data-preload=""></script>');
    expect(body).not.toContain('/assets/index-1.js');
    // One stylesheet for the public site; each of its parts is named for Vite's loader by a link the
    // browser does not fetch (router-manifest.ts, publicRouterManifest).
    const sheets = [...body.matchAll(/<link rel="stylesheet" href="([^"]+)"[^>]*>/g)];
    expect(sheets.filter((link) => !link[0].includes(' disabled=""')).map((link) => link[1])).toEqual(['/assets/public-1.css']);
    expect(sheets.filter((link) => link[0].includes(' disabled=""')).map((link) => link[1])).toEqual(['/assets/index-1.css']);
    // The back-office links each route's own.
    const signIn = (await html(t, '/admin/login')).body;
    expect(signIn).toContain('<link rel="stylesheet" href="/assets/index-1.css" crossorigin="anonymous" data-precedence');
    expect(signIn).not.toContain('/assets/public-');
  });

  it("allows no inline script on a finished page, and exactly the router's on the app, by their hashes", async () => {
    const inlineScripts = (body: string) =>
      [...body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map(
        (match) => match[1]!,
      );
    const scriptSources = (res: { headers: Record<string, unknown> }) =>
      String(res.headers['content-security-policy'])
        .split(';')
        .find((directive) => directive.startsWith('script-src '))!;

    const page = await html(t, '/tricky');
    expect(inlineScripts(page.body)).toEqual([]);
    expect(scriptSources(page)).not.toContain("'sha256-");

    // The app (here the offline shell) carries the router's state in inline scripts.
    const shell = await html(t, '/app-shell');
    const inline = inlineScripts(shell.body);
    expect(inline.length).toBeGreaterThan(0);
    const scriptSrc = scriptSources(shell);
    for (const code of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(code).digest('base64')}'`);
    }
    expect(scriptSrc).not.toContain('unsafe-inline');
    // And the back-office's stored-session mark, which the router adds when the shell opens an admin address.
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(MARK_STORED_SESSION).digest('base64')}'`);
    expect(scriptSrc.match(/'sha256-/g)).toHaveLength(new Set([...inline, MARK_STORED_SESSION]).size);
  });

  it('keeps a rendered page until content changes', async () => {
    await t.admin('POST', '/cms/api/pages', { title: 'Kept', slug: 'kept' });
    const first = (await html(t, '/kept')).body;
    expect(first).toMatch(/<h1[^>]*>Kept<\/h1>/);
    const entries = t.app.ctx.cache.liveKeys();
    expect((await html(t, '/kept')).body).toBe(first);
    expect(newlyKept(t, entries)).toEqual([]);
    const list = (await t.admin('GET', '/cms/api/pages?search_key=Kept')).json() as {
      data: { data: { id: number; slug: string }[] };
    };
    const id = list.data.data.find((p) => p.slug === 'kept')!.id;
    await t.admin('PUT', `/cms/api/pages/${id}`, { title: 'Kept and changed', slug: 'kept' });
    expect((await html(t, '/kept')).body).toMatch(/<h1[^>]*>Kept and changed<\/h1>/);
  });

  it('shows every visitor a write from the first read after it; readers at once share one render (issue #54)', async () => {
    const made = await t.admin('POST', '/cms/api/pages', { title: 'Round 0', slug: 'moment' });
    const { id } = made.json().data as { id: number };
    expect((await html(t, '/moment')).body).toMatch(/<h1[^>]*>Round 0<\/h1>/);
    const stale: string[] = [];
    for (let round = 1; round <= 50; round++) {
      const saved = await t.admin('PUT', `/cms/api/pages/${id}`, { title: `Round ${round}`, slug: 'moment' });
      expect(saved.statusCode).toBe(200);
      // No cookie, no token: any visitor, three at once.
      const reads = await Promise.all([html(t, '/moment'), html(t, '/moment'), html(t, '/moment')]);
      for (const read of reads) {
        if (!new RegExp(`<h1[^>]*>Round ${round}</h1>`).test(read.body)) stale.push(`round ${round}`);
        expect(read.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
      }
      expect(new Set(reads.map((read) => read.headers.etag)).size).toBe(1);
    }
    expect(stale).toEqual([]);
  });

  it('drops only the pages a write can change: a slide leaves a page kept, a page write does not', async () => {
    await t.admin('POST', '/cms/api/pages', { title: 'Steady', slug: 'steady' });
    expect((await html(t, '/steady')).body).toMatch(/<h1[^>]*>Steady<\/h1>/);
    expect((await html(t, '/')).body).not.toContain('A new slide');
    // Changed behind the cache's back: a render from now on shows it, a kept page does not.
    await t.app.ctx.database.db.updateTable('pages').set({ title: 'Steady, re-read' }).where('slug', '=', 'steady').execute();
    const slide = await t.admin('POST', '/cms/api/sliders', { title: 'A new slide', status: 1 });
    expect(slide.statusCode, slide.body).toBe(201);
    expect((await html(t, '/')).body).toContain('A new slide');
    expect((await html(t, '/steady')).body).toMatch(/<h1[^>]*>Steady<\/h1>/);
    // A write to any page may change this one (its sections, a menu's link): it is made again.
    await t.admin('POST', '/cms/api/pages', { title: 'Another', slug: 'another' });
    expect((await html(t, '/steady')).body).toMatch(/<h1[^>]*>Steady, re-read<\/h1>/);
    // And what is not content (the site's settings) makes every page again.
    await t.app.ctx.database.db.updateTable('pages').set({ title: 'Steady, third' }).where('slug', '=', 'steady').execute();
    const settings = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { title: 'Renamed site' });
    expect(settings.statusCode, settings.body).toBe(200);
    expect((await html(t, '/steady')).body).toMatch(/<h1[^>]*>Steady, third<\/h1>/);
  });

  it('draws the header and the footer anew from what a write changed, though it keeps them between renders', async () => {
    await t.admin('POST', '/cms/api/pages', { title: 'Framed', slug: 'framed' });
    const first = (await html(t, '/framed')).body;
    // The header's and the footer's islands are numbered in their own parts: the same in every render.
    expect([...first.matchAll(/data-id="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'header0-',
      'header1-',
      'footer0-',
      'i0-',
    ]);
    expect(first).not.toContain('<template');
    // A page write leaves the frame as it was: the page made again has it as the first render drew it.
    await t.admin('POST', '/cms/api/pages', { title: 'Elsewhere', slug: 'elsewhere' });
    const again = (await html(t, '/framed')).body;
    expect(again).toBe(first);
    // A new menu entry is in the header's menus; new settings are in the header's contact strip and the footer.
    const menu = await t.admin('POST', '/cms/api/menus', {
      title: 'Fresh entry',
      slug: '/framed',
      location: 'ab1',
      shortcode: 'TOPMENU',
    });
    expect(menu.statusCode, menu.body).toBe(201);
    expect((await html(t, '/framed')).body).toContain('Fresh entry');
    const settings = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { phone: '+880 1999 000111' });
    expect(settings.statusCode, settings.body).toBe(200);
    const phoned = (await html(t, '/framed')).body;
    const header = phoned.slice(phoned.indexOf('<header'), phoned.indexOf('</header>'));
    const footer = phoned.slice(phoned.indexOf('<footer'), phoned.indexOf('</footer>'));
    expect(header).toContain('+880 1999 000111');
    expect(footer).toContain('+880 1999 000111');
  });

  it('draws a page’s sections anew from what a write changed, though it keeps their markup between renders', async () => {
    const page = await t.admin('POST', '/cms/api/pages', { title: 'Sectioned', slug: 'sectioned' });
    expect(page.statusCode, page.body).toBe(201);
    const pageId = JSON.parse(page.body).data.id;
    const section = await t.admin('POST', '/cms/api/sections', { page_id: pageId, title: 'Our branches', is_top: 0, status: 1 });
    expect(section.statusCode, section.body).toBe(201);
    const sectionId = JSON.parse(section.body).data.id;
    const widget = await t.admin('POST', '/cms/api/widgets', { section_id: sectionId, title: 'Dhaka office', status: 1 });
    expect(widget.statusCode, widget.body).toBe(201);
    const first = (await html(t, '/sectioned')).body;
    expect(first).toContain('Dhaka office');
    expect(first).not.toContain('<template');
    // The page's own fields change, its section does not: the page made again has it as before.
    await t.admin('PUT', `/cms/api/pages/${pageId}`, { title: 'Sectioned, renamed', slug: 'sectioned' });
    const renamed = (await html(t, '/sectioned')).body;
    expect(renamed).toMatch(/<h1[^>]*>Sectioned, renamed<\/h1>/);
    expect(renamed.slice(renamed.indexOf('<section'))).toBe(first.slice(first.indexOf('<section')));
    // A widget written is in the section at once, and so is the section's own title.
    await t.admin('PUT', `/cms/api/widgets/${JSON.parse(widget.body).data.id}`, {
      section_id: sectionId,
      title: 'Chattogram office',
    });
    const widgetWritten = (await html(t, '/sectioned')).body;
    expect(widgetWritten).toContain('Chattogram office');
    expect(widgetWritten).not.toContain('Dhaka office');
    await t.admin('PUT', `/cms/api/sections/${sectionId}`, { page_id: pageId, title: 'Where we are', is_top: 0 });
    expect((await html(t, '/sectioned')).body).toContain('Where we are');
  });

  it('draws a home section anew when what it reads changes, though the section itself did not', async () => {
    const news = await t.admin('POST', '/cms/api/sections', { title: 'From the field', template: '_news', is_top: 1, status: 1 });
    expect(news.statusCode, news.body).toBe(201);
    const before = (await html(t, '/')).body;
    expect(before).toContain('From the field');
    const post = await t.admin('POST', '/cms/api/posts', { title: 'A branch opens in Sylhet', slug: 'sylhet-branch', status: 1 });
    expect(post.statusCode, post.body).toBe(201);
    const after = (await html(t, '/')).body;
    expect(after).toContain('A branch opens in Sylhet');
    await t.admin('DELETE', `/cms/api/posts/${JSON.parse(post.body).data.id}?permanent=1`);
    expect((await html(t, '/')).body).not.toContain('A branch opens in Sylhet');
    await t.admin('DELETE', `/cms/api/sections/${JSON.parse(news.body).data.id}?permanent=1`);
  });

  it('answers a kept page from its first hook, as a kept API answer: ETag, 304, compressed once, cacheable by a CDN', async () => {
    await t.admin('POST', '/cms/api/pages', { title: 'Fast', slug: 'fast' });
    const first = await html(t, '/fast');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=60, stale-while-revalidate=600');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const entries = t.app.ctx.cache.liveKeys();

    // Unknown query parameters are the same page: the same answer, no new entry.
    for (const url of ['/fast', '/fast?utm_source=mail', '/fast?x=1&y=2']) {
      const again = await html(t, url);
      expect(again.headers.etag).toBe(etag);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    }
    expect(newlyKept(t, entries)).toEqual([]);
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
    expect((await html(t, '/fast?preview=made-up')).headers['cache-control']).toBe('private, no-store');
  });

  it('forgets kept pages when the build changes under the running server', async () => {
    await t.admin('POST', '/cms/api/pages', { title: 'Rebuilt', slug: 'rebuilt' });
    expect((await html(t, '/rebuilt')).body).toContain('/assets/islands-1.js');
    const file = path.join(staticDir, '.vite', 'manifest.json');
    const manifest = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, manifest.replaceAll('islands-1', 'islands-2'));
      await expect.poll(async () => (await html(t, '/rebuilt')).body, { timeout: 5_000 }).toContain('/assets/islands-2.js');
    } finally {
      fs.writeFileSync(file, manifest);
    }
    await expect.poll(async () => (await html(t, '/rebuilt')).body, { timeout: 5_000 }).toContain('/assets/islands-1.js');
  });

  it('decodes every named entity in the text it makes of HTML (a news page’s description)', async () => {
    const made = await t.admin('POST', '/cms/api/posts', {
      title: 'Entities',
      slug: `entities-${dialect}`,
      content: '<p>Caf&eacute; &frac12; price &rarr; &copy; &hellip;</p>',
      status: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    const page = await html(t, `/news/entities-${dialect}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="description" content="Café ½ price → © …"');
  });

  it('answers the redirect a route asks for', async () => {
    const res = await html(t, '/details?page=3');
    expect(res.statusCode).toBe(307);
    expect(res.headers.location).toBe('/news?page=3');
  });

  it('sends an address under the default language’s prefix to its one address, on a site in several languages', async () => {
    const before = (await t.admin('GET', `/cms/api/applications/${APP_KEY}`)).json().data.locales as string;
    try {
      // One language: /en/tricky is just an unknown address.
      expect((await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en' })).statusCode).toBe(200);
      expect((await html(t, '/en/tricky')).statusCode).toBe(404);
      expect((await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en,bn' })).statusCode).toBe(200);
      const res = await html(t, '/en/tricky');
      expect(res.statusCode).toBe(301);
      expect(res.headers.location).toBe('/tricky');
      expect((await html(t, '/en')).headers.location).toBe('/');
      expect((await html(t, '/bn/tricky')).statusCode).toBe(200);
      expect((await html(t, '/english')).statusCode).toBe(404);
    } finally {
      await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: before });
    }
  });

  it('sends admin screens with the sign-in form drawn (never a signed-in screen), titled and never indexed', async () => {
    const res = await html(t, '/admin/page');
    expect(res.statusCode).toBe(200);
    const site = (await t.visitor('GET', '/cms/applications/demo')).json().data as { name: string };
    expect(res.body).toContain(`<title>Admin · ${site.name.replace(/&/g, '&amp;')}</title>`);
    expect(res.body).toContain('<meta name="robots" content="noindex, nofollow"/>');
    // Staff can type before the code arrives; the server holds no session, so it never draws a list.
    expect(res.body).toMatch(/<input[^>]*name="identifier"/);
    expect(res.body).toMatch(/<form[^>]*method="post"/);
    // No control is dead to a press before the code arrives: the browser's own check answers it.
    expect(res.body).not.toMatch(/<button[^>]*type="submit"[^>]*disabled/);
    expect(res.body.match(/<input[^>]*name="identifier"[^>]*>/)?.[0]).toContain(' required=""');
    expect(res.body).not.toContain('Add New');
    // The stored-session mark runs first, allowed by its hash like the router's scripts.
    const policy = String(res.headers['content-security-policy']);
    const mark = `'sha256-${createHash('sha256').update(MARK_STORED_SESSION).digest('base64')}'`;
    expect(res.body).toContain(MARK_STORED_SESSION);
    expect(policy).toContain(mark);
    expect(res.body).toContain('src="/start.js"');
  });

  it('sends the sign-in screen as an islands document without the staff cookie, the app with it, neither to shared caches', async () => {
    const signIn = await html(t, '/admin/page');
    expect(signIn.body).toContain('data-mode="islands"');
    expect(signIn.body).toContain('data-island="sign-in"');
    expect(dehydratedRoutes(signIn.body)).toEqual([]);
    expect(signIn.headers['cache-control']).toBe('private, no-cache');

    const app = await t.app.inject({
      method: 'GET',
      url: '/admin/page',
      headers: { accept: 'text/html', cookie: `a=b; ${STAFF_COOKIE}=1` },
    });
    expect(app.statusCode).toBe(200);
    expect(app.body).not.toContain('data-mode="islands"');
    expect(app.body).not.toContain('data-island="sign-in"');
    expect(dehydratedRoutes(app.body)).toContain('#admin#admin');
    expect(app.headers['cache-control']).toBe('private, no-cache');
    // Each is kept under its own key: the first answer does not stand for the other.
    expect((await html(t, '/admin/page')).body).toContain('data-mode="islands"');

    // A screen for those who cannot sign in is the app either way.
    expect((await html(t, '/admin/reset-password')).body).not.toContain('data-mode="islands"');
  });

  it('renders /app-shell (the offline shell) with the root route only, for the browser to fill at any URL', async () => {
    const res = await html(t, '/app-shell');
    expect(res.statusCode).toBe(200);
    expect(dehydratedRoutes(res.body)).toEqual([expect.stringContaining('__root__')]);
    expect(res.body).toContain('<meta name="app-config"');
    // The site's own head, so the installed app keeps its name and icon while offline.
    expect(res.body).toMatch(/<link rel="icon" href="[^"]+"\/>/);
    expect(res.body).toContain('<meta property="og:site_name"');
    expect(res.body).toContain('src="/start.js"');
  });

  it('sends a build file in the compressed form the browser accepts, as the build made it, and says it varies', async () => {
    const css = '.a{color:red}\n'.repeat(200);
    const file = path.join(staticDir, 'assets', 'public-1.css');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, css);
    await compressBuild(staticDir);
    const get = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/assets/public-1.css', headers: { 'accept-encoding': encoding } });
    const [br, gzip, plain] = [await get('gzip, br'), await get('gzip'), await get('identity')];
    expect([br, gzip, plain].map((res) => res.headers['content-encoding'])).toEqual(['br', 'gzip', undefined]);
    expect(br.rawPayload).toEqual(fs.readFileSync(`${file}.br`));
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(css);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(css);
    expect(plain.body).toBe(css);
    for (const res of [br, gzip, plain]) {
      expect(res.headers['content-type']).toMatch(/^text\/css/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('does not serve the bundle or the build manifest as files', async () => {
    for (const url of ['/.ssr/entry-server.js', '/.vite/manifest.json']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body).not.toContain('export { render }');
      expect(res.body).not.toContain('"isEntry"');
    }
  });
});

/** A bundle that fails every page but can make the shell: what a visitor gets when rendering breaks. */
const FAILING_BUNDLE = `
export async function render({ url, shell }) {
  if (!shell) throw new Error('render failed for ' + url);
  return { status: 200, html: '<!DOCTYPE html><html><head><title>Shell</title></head><body><div id="root"></div><script>shell()</script></body></html>' };
}
`;
const NO_SHELL_BUNDLE = `export async function render() { throw new Error('broken bundle'); }`;

describe('when rendering fails', () => {
  const built = (bundle: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-ssr-'));
    fs.mkdirSync(path.join(dir, '.ssr'));
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.ssr', 'entry-server.js'), bundle);
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), '{}');
    return dir;
  };

  it('sends the app shell for the browser to render, and keeps nothing', async () => {
    const t = await startTestApp('sqlite', { staticDir: built(FAILING_BUNDLE) });
    try {
      const res = await html(t, '/about');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Shell</title>');
      expect(String(res.headers['content-security-policy'])).toContain(
        `'sha256-${createHash('sha256').update('shell()').digest('base64')}'`,
      );
    } finally {
      await t.close();
    }
  });

  it('answers 503 with a page that says why when not even the shell can be made, or there is no build', async () => {
    for (const staticDir of [built(NO_SHELL_BUNDLE), fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-nobuild-'))]) {
      const t = await startTestApp('sqlite', { staticDir });
      try {
        const first = await html(t, '/about');
        expect(first.statusCode).toBe(503);
        expect(first.body).toContain('npm run build');
        expect((await html(t, '/about')).statusCode).toBe(503); // nothing kept: tried again
      } finally {
        await t.close();
      }
    }
  });
});
