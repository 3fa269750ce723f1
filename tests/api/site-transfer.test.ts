/**
 * `orgsite export --site` then `orgsite import` into an empty database of the other kind
 * (SQLite → PostgreSQL and back): every public and admin answer about the site is the same, its
 * files are served, and what cannot be imported is refused with a reason, storing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/shared/entities';
import { APP_KEY, type DialectName, dialects, orgsite, multipart, PNG, startTestApp, type TestApp } from './harness';

const available = await dialects();
const pairs: [DialectName, DialectName][] = available.includes('postgres')
  ? [
      ['sqlite', 'postgres'],
      ['postgres', 'sqlite'],
    ]
  : [['sqlite', 'sqlite']];

/** Runs the CLI against a test app's database and uploads. */
const cli = (t: TestApp, ...args: string[]) =>
  orgsite({ databaseUrl: t.config.databaseUrl, pgSchema: t.config.pgSchema, UPLOAD_DIR: t.config.uploadDir }, ...args);

/** Everything the API says about the site, public and admin, keyed by URL. */
async function answers(t: TestApp, ids: { post: number; page: number; revision: number }) {
  const urls = [
    `/cms/applications/${APP_KEY}`,
    '/cms/sliders',
    '/cms/menus',
    '/cms/sections?is_top=1',
    '/cms/posts',
    '/cms/gallery',
    '/cms/faqs',
    '/cms/careers',
    '/cms/profiles',
    '/cms/socials',
    '/cms/pages/moved-page?locale=bn',
    `/cms/pages/${encodeURIComponent('সরানো-পাতা')}`,
  ];
  const adminUrls = [
    ...Object.values(ENTITIES)
      .filter((def) => def.tenant)
      .flatMap((def) => [`/cms/api/${def.resource}?size=1000`, `/cms/api/${def.resource}/trash?size=1000`]),
    `/cms/api/posts/${ids.post}/revisions`,
    `/cms/api/posts/${ids.post}/revisions/${ids.revision}`,
    `/cms/api/posts/${ids.post}/review`,
    `/cms/api/pages/${ids.page}/draft`,
    `/cms/api/pages/${ids.page}?locale=bn`,
    '/cms/api/files?size=1000',
  ];
  const result: Record<string, unknown> = {};
  for (const url of urls) result[url] = (await t.visitor('GET', url)).json();
  for (const url of adminUrls) {
    const res = await t.admin('GET', url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    result[url] = res.json();
  }
  return result;
}

describe.each(pairs)('a site exported from %s and imported into an empty %s database', (from, to) => {
  let source: TestApp;
  let target: TestApp;
  let dir: string;
  let archive: string;
  let upload: string;
  const ids = { post: 0, page: 0, revision: 0, comment: 0 };

  beforeAll(async () => {
    source = await startTestApp(from);
    target = await startTestApp(to, { seedDemo: false });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-transfer-'));
    archive = path.join(dir, 'demo-site.tar.gz');

    // Beside the demo content: an upload, a post with a category and two revisions, a nested
    // menu, a page with a pending draft, and something in the trash.
    const form = multipart('moved.png', PNG);
    upload = (await source.admin('POST', '/cms/api/upload-single', form.body, form.headers)).json().data.name as string;
    const category = (await source.admin('POST', '/cms/api/post-categories', { name: 'Moved news', status: 1 })).json().data;
    const post = (
      await source.admin('POST', '/cms/api/posts', {
        title: 'Moved post',
        category_id: category.id,
        content: `<p><img src="/uploads/${upload}" alt=""></p>`,
        status: 1,
      })
    ).json().data;
    ids.post = post.id;
    const edited = await source.admin('PUT', `/cms/api/posts/${post.id}`, { title: 'Moved post, edited', version: post.version });
    expect(edited.statusCode, edited.body).toBe(200);
    ids.revision = (await source.admin('GET', `/cms/api/posts/${post.id}/revisions`)).json().data.data[0].id;
    // A review thread on it: a comment and a reply to it.
    const comment = await source.admin('POST', `/cms/api/posts/${post.id}/review/comments`, { body: 'Name the village, please' });
    expect(comment.statusCode, comment.body).toBe(201);
    ids.comment = comment.json().data.id;
    const reply = await source.admin('POST', `/cms/api/posts/${post.id}/review/comments`, {
      body: 'Named: Kumarkhali',
      parent_id: ids.comment,
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const parent = (await source.admin('POST', '/cms/api/menus', { title: 'Moved parent', status: 1 })).json().data;
    await source.admin('POST', '/cms/api/menus', { title: 'Moved child', parent_id: parent.id, status: 1 });
    const page = (await source.admin('POST', '/cms/api/pages', { title: 'Moved page', status: 1 })).json().data;
    ids.page = page.id;
    const draft = await source.admin('PUT', `/cms/api/pages/${page.id}/draft`, {
      title: 'Moved page, draft',
      version: page.version,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    // The page in the site's second language.
    expect((await source.admin('PUT', `/cms/api/applications/${APP_KEY}`, { locales: 'en,bn' })).statusCode).toBe(200);
    const bangla = await source.admin('PUT', `/cms/api/pages/${page.id}?locale=bn`, { title: 'সরানো পাতা', slug: 'সরানো পাতা' });
    expect(bangla.statusCode, bangla.body).toBe(200);
    const faq = (
      await source.admin('POST', '/cms/api/faqs', { faq_title: 'Trashed?', faq_content: '<p>Yes</p>', status: 1 })
    ).json().data;
    expect((await source.admin('DELETE', `/cms/api/faqs/${faq.id}`)).statusCode).toBe(200);
  });

  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await source?.close();
    await target?.close();
  });

  it('exports with counts, imports with counts, and then every answer is the same', async () => {
    const exported = await cli(source, 'export', '--site', APP_KEY, '--out', archive);
    expect(exported.code, exported.output).toBe(0);
    expect(exported.output).toMatch(/posts: \d+/);
    expect(exported.output).toMatch(/Wrote .*demo-site\.tar\.gz: \d+ records, \d+ files/);

    const imported = await cli(target, 'import', archive);
    expect(imported.code, imported.output).toBe(0);
    expect(imported.output).toMatch(/Imported the site "demo": \d+ records, \d+ files, \d+ revisions/);

    const before = await answers(source, ids);
    const after = await answers(target, ids);
    for (const url of Object.keys(before)) expect(after[url], url).toEqual(before[url]);
    // The comparison covered what was set up, not only empty lists.
    expect(JSON.stringify(before[`/cms/api/posts/${ids.post}/revisions/${ids.revision}`])).toContain('"title":"Moved post"');
    expect(JSON.stringify(before['/cms/api/faqs/trash?size=1000'])).toContain('Trashed?');
    expect(JSON.stringify(before[`/cms/api/posts/${ids.post}/review`])).toContain('Named: Kumarkhali');
    expect(JSON.stringify(before[`/cms/api/pages/${ids.page}/draft`])).toContain('Moved page, draft');
    expect(JSON.stringify(before['/cms/pages/moved-page?locale=bn'])).toContain('সরানো পাতা');
  });

  it('carries the files, served from the new place', async () => {
    const served = await target.visitor('GET', `/uploads/${upload}`);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
  });

  it('gives new records ids after the imported ones (PostgreSQL sequences follow)', async () => {
    const created = await target.admin('POST', '/cms/api/posts', { title: 'Written after the move', status: 1 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.id).toBeGreaterThan(ids.post);
  });

  it('refuses a second import of the same key, storing nothing', async () => {
    const postsBefore = (await target.admin('GET', '/cms/api/posts?size=1')).json().data.total;
    const again = await cli(target, 'import', archive);
    expect(again.code).toBe(1);
    expect(again.output).toContain('already has a site "demo"');
    expect((await target.admin('GET', '/cms/api/posts?size=1')).json().data.total).toBe(postsBefore);
  });

  it('imports it again --as another key: new ids, relations and file names follow', async () => {
    const copy = await cli(target, 'import', archive, '--as', 'copy');
    expect(copy.code, copy.output).toBe(0);
    const asCopy = { authorization: `Bearer ${target.token}`, app_key: 'copy' };
    const list = async (resource: string) =>
      (await target.admin('GET', `/cms/api/${resource}?size=1000`, undefined, asCopy)).json().data.data as Record<
        string,
        unknown
      >[];

    const post = (await list('posts')).find((p) => p.title === 'Moved post, edited')!;
    const category = (await list('post-categories')).find((c) => c.name === 'Moved news')!;
    expect(post.id).not.toBe(ids.post); // the original ids are the demo site's here
    expect(post.category_id).toBe(category.id);
    expect(post.content).toMatch(/\/uploads\/[^"]+/);
    expect(post.content).not.toContain(`/uploads/${upload}`);
    const copiedFile = /\/uploads\/([^"]+)/.exec(String(post.content))![1]!;
    expect((await target.visitor('GET', `/uploads/${copiedFile}`)).rawPayload).toEqual(PNG);

    const menus = await list('menus');
    const parent = menus.find((m) => m.title === 'Moved parent')!;
    expect(menus.find((m) => m.title === 'Moved child')!.parent_id).toBe(parent.id);
    const revisions = await target.admin('GET', `/cms/api/posts/${post.id}/revisions`, undefined, asCopy);
    expect(revisions.json().data.total).toBe(1);
    // The review thread is the copy's post's, the reply still answering its comment, under new ids.
    const review = await target.admin('GET', `/cms/api/posts/${post.id}/review`, undefined, asCopy);
    const thread = review.json().data.comments as { id: number; parent_id: number | null; body: string }[];
    expect(thread.map((c) => c.body)).toEqual(['Name the village, please', 'Named: Kumarkhali']);
    expect(thread[0]!.id).not.toBe(ids.comment);
    expect(thread[1]!.parent_id).toBe(thread[0]!.id);
    // The demo site itself is untouched.
    expect((await target.admin('GET', `/cms/api/posts/${ids.post}`)).json().data.content).toContain(`/uploads/${upload}`);
  });

  it('refuses what is not a site export, with a reason and exit code 1', async () => {
    const notTar = path.join(dir, 'not-an-archive.tar.gz');
    fs.writeFileSync(notTar, 'plain text');
    const refused = await cli(target, 'import', notTar);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/not a site export/);

    const missing = await cli(target, 'import', path.join(dir, 'nowhere.tar.gz'));
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('No file');

    const noSite = await cli(source, 'export', '--site', 'no-such-site', '--out', path.join(dir, 'x.tar.gz'));
    expect(noSite.code).toBe(1);
    expect(noSite.output).toContain('No site has the app key "no-such-site"');
    expect((await cli(source, 'import')).code).toBe(2);
  });
});
