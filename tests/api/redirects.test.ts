/**
 * Redirects and the 404 log (issue #58, content/redirects.ts): a slug change in either language
 * makes a 301, chains collapse, a rename back leaves no loop, a purge makes the address 410, staff
 * manage redirects (refusals name the field) and import and export them as CSV in one transaction,
 * and the 404 log counts without growing past its bound. Through the real server, on both databases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/limits';
import { NOT_FOUND_ROWS } from '../../src/server/content/redirects';
import { APP_KEY, dialects, orgsite, signInAs, sourceBuild, newlyKept, startTestApp, type TestApp } from './harness';
import { siteScope } from '../../src/server/cache/public-answers';

describe.each(await dialects())('redirects on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir: sourceBuild() });
    const site = await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en,bn' });
    expect(site.statusCode, site.body).toBe(200);
  });
  afterAll(() => t?.close());

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: encodeURI(url), headers });
  const makePage = async (slug: string) => {
    const made = await t.admin('POST', '/cms/api/pages', { title: `Page ${slug}`, slug, status: 1 });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data as { id: number };
  };
  const rename = async (id: number, slug: string) => {
    const saved = await t.admin('PUT', `/cms/api/pages/${id}`, { slug });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  const listed = async (search: string) =>
    (await t.admin('GET', `/cms/api/redirects?size=100&search_key=${encodeURIComponent(search)}`)).json().data.data as {
      from: string;
      to: string | null;
      code: number;
      hits: number;
      id: number;
      last_hit_at: string | null;
    }[];

  it('renaming a page, and its Bangla slug, makes 301s from the old addresses to the new ones', async () => {
    // The demo's own About page.
    const about = (await t.visitor('GET', '/cms/pages/about')).json().data as { id: number };
    const bangla = await t.admin('PUT', `/cms/api/pages/${about.id}?locale=bn`, { title: 'আমাদের কথা', slug: 'আমাদের কথা' });
    expect(bangla.statusCode, bangla.body).toBe(200);
    expect((await page('/about')).statusCode).toBe(200);

    await rename(about.id, 'about-us');
    const moved = await page('/about');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/about-us');
    expect((await page('/about-us')).statusCode).toBe(200);

    const renamedBn = await t.admin('PUT', `/cms/api/pages/${about.id}?locale=bn`, { slug: 'আমাদের গল্প' });
    expect(renamedBn.statusCode, renamedBn.body).toBe(200);
    const movedBn = await page('/bn/আমাদের-কথা');
    expect(movedBn.statusCode).toBe(301);
    expect(movedBn.headers.location).toBe(encodeURI('/bn/আমাদের-গল্প'));
    // Kept as pages are, and counted at each answer, the kept ones too.
    expect((await page('/about')).statusCode).toBe(301);
    const [row] = await listed('/about');
    expect(row).toMatchObject({ from: '/about', to: '/about-us', code: 301, hits: 2 });
    expect(row!.last_hit_at).toBeTruthy();
  });

  it('a rename back leaves no loop, and a chain collapses to its end', async () => {
    const { id } = await makePage('alpha');
    await rename(id, 'beta');
    await rename(id, 'alpha');
    expect((await page('/alpha')).statusCode).toBe(200);
    expect((await page('/beta')).headers.location).toBe('/alpha');
    expect((await listed('/alpha')).filter((row) => row.from === '/alpha')).toEqual([]);

    await rename(id, 'gamma');
    await rename(id, 'delta');
    const rows = Object.fromEntries((await listed('')).map((row) => [row.from, row.to]));
    expect(rows).toMatchObject({ '/alpha': '/delta', '/beta': '/delta', '/gamma': '/delta' });
    const followed = await page('/beta');
    expect(followed.statusCode).toBe(301);
    expect(followed.headers.location).toBe('/delta');
  });

  it('staff add, edit and remove redirects; a loop, another site’s address or a bad code is a 400 naming the field', async () => {
    const made = await t.admin('POST', '/cms/api/redirects', { from: '/old-branch-list', to: '/delta?tab=2', code: 302 });
    expect(made.statusCode, made.body).toBe(201);
    const { id } = made.json().data;
    const answer = await page('/old-branch-list');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/delta?tab=2');
    expect(answer.headers['cache-control']).toContain('max-age=0');

    for (const to of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil',
      '/a\nb',
      'javascript:alert(1)',
    ]) {
      const refused = await t.admin('POST', '/cms/api/redirects', { from: '/somewhere', to, code: 301 });
      expect(refused.statusCode, to).toBe(400);
      expect(Object.keys(refused.json().errors), to).toEqual(['to']);
    }
    const badCode = await t.admin('POST', '/cms/api/redirects', { from: '/somewhere', to: '/delta', code: 307 });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().errors).toHaveProperty('code');
    const self = await t.admin('POST', '/cms/api/redirects', { from: '/loop-a', to: '/loop-a', code: 301 });
    expect(self.statusCode).toBe(400);
    expect(self.json().errors).toHaveProperty('to');
    expect((await t.admin('POST', '/cms/api/redirects', { from: '/loop-a', to: '/loop-b', code: 301 })).statusCode).toBe(201);
    const loop = await t.admin('POST', '/cms/api/redirects', { from: '/loop-b', to: '/loop-a', code: 301 });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().errors).toHaveProperty('to');
    const admin = await t.admin('POST', '/cms/api/redirects', { from: '/admin/x', to: '/delta', code: 301 });
    expect(admin.json().errors).toHaveProperty('from');
    expect(
      await t.app.ctx.database.db.selectFrom('redirects').select('id').where('from_path', '=', '/somewhere').execute(),
    ).toEqual([]);

    const edited = await t.admin('PUT', `/cms/api/redirects/${id}`, { from: '/old-branch-list', to: null, code: 410 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await page('/old-branch-list')).statusCode).toBe(410);
    expect((await t.admin('DELETE', `/cms/api/redirects/${id}`)).statusCode).toBe(200);
    expect((await page('/old-branch-list')).statusCode).toBe(404);
  });

  it('a live record wins over a redirect from its address', async () => {
    await t.admin('POST', '/cms/api/redirects', { from: '/taken', to: '/delta', code: 301 });
    expect((await page('/taken')).statusCode).toBe(301);
    await makePage('taken');
    expect((await page('/taken')).statusCode).toBe(200);
  });

  it('imports 1,000 rows at once, exports them, and a bad row imports nothing', async () => {
    const lines = Array.from({ length: 1000 }, (_, i) => `/imported-${i},/delta,301`);
    const imported = await t.admin('POST', '/cms/api/redirects/import', { csv: `from,to,code\r\n${lines.join('\r\n')}\r\n` });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.imported).toBe(1000);
    for (const at of [0, 500, 999]) {
      const answer = await page(`/imported-${at}`);
      expect(answer.statusCode).toBe(301);
      expect(answer.headers.location).toBe('/delta');
    }
    const exported = await t.admin('GET', '/cms/api/redirects/export.csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toMatch(/^\uFEFFfrom,to,code\r\n/);
    expect(exported.body).toContain('/imported-999,/delta,301\r\n');

    const count = async () =>
      (
        await t.app.ctx.database.db
          .selectFrom('redirects')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = Number(await count());
    const bad = await t.admin('POST', '/cms/api/redirects/import', {
      csv: 'from,to,code\n/new-1,/delta,301\n/new-2,https://evil.example,301\n/new-3,/delta,301\n',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Line 3');
    expect(bad.json().errors).toMatchObject({ line: '3' });
    expect(bad.json().errors).toHaveProperty('to');
    const badCode = await t.admin('POST', '/cms/api/redirects/import', { csv: 'from,to,code\n/new-1,/delta,399\n' });
    expect(badCode.json().errors).toMatchObject({ line: '2' });
    expect(badCode.json().errors).toHaveProperty('code');
    expect(Number(await count())).toBe(before);
    expect((await page('/new-1')).statusCode).toBe(404);
  });

  it('once a deleted page leaves the Trash, its address and the redirects to it answer 410', async () => {
    const { id } = await makePage('leaving');
    await rename(id, 'left');
    expect((await page('/leaving')).headers.location).toBe('/left');
    expect((await t.admin('DELETE', `/cms/api/pages/${id}`)).statusCode).toBe(200);
    expect((await page('/left')).statusCode).toBe(404);
    const longAgo = new Date(Date.now() - (LIMITS.trashDays + 1) * 86_400_000).toISOString();
    await t.app.ctx.database.db.updateTable('pages').set({ deleted_at: longAgo }).where('id', '=', id).execute();
    expect((await t.admin('GET', '/cms/api/pages/trash')).statusCode).toBe(200); // opening the Trash purges
    expect((await page('/left')).statusCode).toBe(410);
    expect((await page('/leaving')).statusCode).toBe(410);
    const goneBn = await page('/bn/left');
    expect(goneBn.statusCode).toBe(410);
    // In the address's language, from the site's catalogues.
    expect(goneBn.body).toContain('এই পাতাটি সাইট থেকে সরিয়ে ফেলা হয়েছে।');
    expect(goneBn.body).toContain('href="/bn/"');
    expect((await page('/left')).body).toContain('This page was removed from the site.');
  });

  it('the 404 log counts paths and referrer hosts only, and stays bounded', async () => {
    await page('/no-such-page?utm=secret', { referer: 'https://news.example/story?id=7' });
    await page('/no-such-page');
    const list = async () => (await t.admin('GET', '/cms/api/redirects/not-found?size=100')).json();
    const [first] = (await list()).data.data;
    expect(first).toMatchObject({ path: '/no-such-page', hits: 2, referrer_host: 'news.example' });
    expect(JSON.stringify(await list())).not.toContain('secret');

    // Distinct unknown addresses, each answered 404: none of them is kept (the cache holds what it
    // held: the one page of an unknown English address was kept by the first).
    const kept = t.app.ctx.cache.liveKeys();
    for (let i = 0; i < 100; i++) expect((await page(`/drawn-${i}`)).statusCode).toBe(404);
    expect(newlyKept(t, kept)).toEqual([]);
    // A flood past the log's bound, counted as a 404 is (drawing each is what `npm run bench`'s
    // flood of 100,000 addresses does, through the compiled server).
    const FLOOD = 5000;
    for (let i = 0; i < FLOOD; i++) t.app.ctx.redirects.notFound(APP_KEY, `/flood-${i}`, undefined);
    const after = await list();
    expect(after.data.total).toBe(NOT_FOUND_ROWS);
    const rows = await t.app.ctx.database.db
      .selectFrom('not_found_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('app_key', '=', APP_KEY)
      .executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(NOT_FOUND_ROWS);

    const made = await t.admin('POST', '/cms/api/redirects', { from: `/flood-${FLOOD - 1}`, to: '/delta', code: 301 });
    expect(made.statusCode).toBe(201);
    expect((await list()).data.data.map((row: { path: string }) => row.path)).not.toContain(`/flood-${FLOOD - 1}`);
  });

  it('keeps the page of an unknown address once per language, never hiding a page made since; a redirect still wins', async () => {
    // A write to the site forgets its kept pages: the first unknown address below is drawn.
    expect((await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { name: 'Before the 404' })).statusCode).toBe(200);
    const first = await page('/unknown-first');
    expect(first.statusCode).toBe(404);
    const keptNotFound = () => t.app.ctx.cache.keysIn(siteScope(APP_KEY)).filter((key) => key.startsWith('not found'));
    expect(keptNotFound()).toHaveLength(1);
    const kept = t.app.ctx.cache.liveKeys();
    const second = await page('/unknown-second/deeper?sent=subscribe&page=2');
    // The same page, sent again with its status and headers; the cache keeps nothing more.
    expect(second.statusCode).toBe(404);
    expect(second.body).toBe(first.body);
    expect(second.body).not.toContain('unknown-');
    for (const header of ['content-type', 'cache-control', 'content-security-policy', 'etag'])
      expect(second.headers[header], header).toBe(first.headers[header]);
    expect(newlyKept(t, kept)).toEqual([]);
    // Each language has its own.
    const bangla = await page('/bn/unknown-third');
    expect(bangla.statusCode).toBe(404);
    expect(bangla.body).toContain('lang="bn"');
    expect((await page('/bn/unknown-fourth')).body).toBe(bangla.body);
    expect(keptNotFound()).toHaveLength(2);
    // A page made at an address answered 404 before is found at once; so is a redirect from one.
    await makePage('unknown-second');
    const found = await page('/unknown-second');
    expect(found.statusCode).toBe(200);
    expect(found.body).toContain('Page unknown-second');
    expect((await t.admin('POST', '/cms/api/redirects', { from: '/unknown-first', to: '/contact', code: 301 })).statusCode).toBe(
      201,
    );
    const moved = await page('/unknown-first');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/contact');
    // A write to what the page shows (the site's name, in its title) is in the next one.
    expect((await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { name: 'Renamed for the 404' })).statusCode).toBe(200);
    const renamed = await page('/unknown-fifth');
    expect(renamed.statusCode).toBe(404);
    expect(renamed.body).toContain('Renamed for the 404');
  });

  it('go with the site when it is exported and imported', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-redirects-'));
    try {
      const archive = path.join(dir, 'site.tar.gz');
      const settings = { databaseUrl: t.config.databaseUrl, pgSchema: t.config.pgSchema, UPLOAD_DIR: t.config.uploadDir };
      expect((await orgsite(settings, 'export', '--site', APP_KEY, '--out', archive)).code).toBe(0);
      const imported = await orgsite(settings, 'import', archive, '--as', 'redirected-copy');
      expect(imported.code, imported.output).toBe(0);
      const rowsOf = async (appKey: string) =>
        (
          await t.app.ctx.database.db
            .selectFrom('redirects')
            .select(['from_path', 'to_path', 'code'])
            .where('app_key', '=', appKey)
            .orderBy('from_path')
            .execute()
        ).map((row) => [row.from_path, row.to_path, row.code]);
      const copied = await rowsOf('redirected-copy');
      expect(copied.length).toBeGreaterThan(1000);
      expect(copied).toEqual(await rowsOf(APP_KEY));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is for admins only', async () => {
    const editor = await signInAs(t, 'editor');
    expect((await editor.send('GET', '/cms/api/redirects')).statusCode).toBe(403);
    expect((await editor.send('POST', '/cms/api/redirects', { from: '/x', to: '/y', code: 301 })).statusCode).toBe(403);
    expect((await editor.send('GET', '/cms/api/redirects/not-found')).statusCode).toBe(403);
  });
});
