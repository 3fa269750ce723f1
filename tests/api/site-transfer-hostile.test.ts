/**
 * `orgsite import` of a crafted archive (issue 29, finding 1): it writes only regular files named as
 * uploads are, inside the upload folder; every row is checked against the entity's definition and
 * the database's columns; an archive too large or with too many entries is refused. A refused
 * archive changes nothing: no site, no file, nothing outside the upload folder. SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { create as createTar, extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_LIMITS } from '../../src/server/ops/site-transfer';
import { dialects, orgsite, startTestApp, type TestApp } from './harness';

type Archive = Record<string, unknown> & { tables: Record<string, Record<string, unknown>[]>; files: Record<string, unknown>[] };

describe.each(await dialects())('importing a crafted site archive on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let unpacked: string;
  const cli = (...args: string[]) =>
    orgsite({ databaseUrl: t.config.databaseUrl, pgSchema: t.config.pgSchema, UPLOAD_DIR: t.config.uploadDir }, ...args);
  const original = () => JSON.parse(fs.readFileSync(path.join(unpacked, 'site.json'), 'utf8')) as Archive;

  /** An archive of `site` and the given extra entries (name → content, or a link target). */
  async function pack(name: string, site: Archive, extra: Record<string, string | { link: string }> = {}) {
    const work = fs.mkdtempSync(path.join(dir, 'pack-'));
    fs.writeFileSync(path.join(work, 'site.json'), JSON.stringify(site));
    for (const [entry, content] of Object.entries(extra)) {
      fs.mkdirSync(path.dirname(path.join(work, entry)), { recursive: true });
      if (typeof content === 'string') fs.writeFileSync(path.join(work, entry), content);
      else fs.symlinkSync(content.link, path.join(work, entry));
    }
    const file = path.join(dir, `${name}.tar.gz`);
    await createTar({ gzip: true, file, cwd: work, portable: true }, ['site.json', ...Object.keys(extra)]);
    return file;
  }

  /** Imports `file` as a new site and expects a refusal naming `reason`, with nothing changed. */
  async function expectRefused(file: string, reason: RegExp) {
    const sitesBefore = (await t.admin('GET', '/cms/api/applications?size=100')).json().data.total as number;
    const uploadsBefore = fs.readdirSync(t.config.uploadDir).sort();
    const result = await cli('import', file, '--as', 'crafted');
    expect(result.code, result.output).toBe(1);
    expect(result.output).toMatch(reason);
    expect((await t.admin('GET', '/cms/api/applications?size=100')).json().data.total).toBe(sitesBefore);
    expect(fs.readdirSync(t.config.uploadDir).sort()).toEqual(uploadsBefore);
    expect(fs.readFileSync(path.join(dir, 'sentinel.txt'), 'utf8')).toBe('the live file');
  }

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-hostile-import-'));
    // The upload folder's neighbour stands for the live database and code.
    fs.mkdirSync(t.config.uploadDir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'sentinel.txt'), 'the live file');
    t.config.uploadDir = path.join(dir, 'uploads');
    fs.mkdirSync(t.config.uploadDir, { recursive: true });
    const exported = path.join(dir, 'demo.tar.gz');
    expect((await cli('export', '--site', 'demo', '--out', exported)).code).toBe(0);
    expect(fs.statSync(exported).mode & 0o777).toBe(0o600);
    unpacked = fs.mkdtempSync(path.join(dir, 'unpacked-'));
    await extract({ file: exported, cwd: unpacked });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports the untouched export (the checks refuse only what is wrong)', async () => {
    const result = await cli('import', await pack('untouched', original()), '--as', 'untouched-copy');
    expect(result.code, result.output).toBe(0);
  });

  it('refuses a file name that leads out of the upload folder, and writes nothing there', async () => {
    const site = original();
    site.files = [...site.files, { ...site.files[0], id: 999_001, name: '../sentinel.txt' }];
    await expectRefused(
      await pack('traversal', site, { 'sentinel.txt': 'overwritten' }),
      /has a name no upload has: "\.\.\/sentinel\.txt"/,
    );
  });

  it('unpacks only regular files: a link in uploads/ is never followed', async () => {
    const site = original();
    site.files = [{ ...site.files[0], id: 999_002, name: 'linked.png' }];
    const file = await pack('link', site, { 'uploads/linked.png': { link: path.join(dir, 'sentinel.txt') } });
    const result = await cli('import', file, '--as', 'linked-copy');
    expect(result.code, result.output).toBe(0);
    expect(fs.existsSync(path.join(t.config.uploadDir, 'linked.png'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'sentinel.txt'), 'utf8')).toBe('the live file');
  });

  it('refuses a row its definition refuses, or a column the database does not have', async () => {
    const badStatus = original();
    badStatus.tables.posts = [{ ...badStatus.tables.posts![0], status: 7 }];
    await expectRefused(await pack('bad-status', badStatus), /posts row 0 has status/);
    const badColumn = original();
    badColumn.tables.faqs = [{ ...badColumn.tables.faqs![0], 'is_admin" = 1; --': 1 }];
    await expectRefused(await pack('bad-column', badColumn), /faqs row 0 has a column/);
    const badResource = original();
    badResource.revisions = [{ ...(badResource.revisions as Record<string, unknown>[])[0], resource: '../users' }];
    await expectRefused(await pack('bad-resource', badResource), /revisions row 0 names no kind of record/);
  });

  it('refuses a redirect that leads off the site', async () => {
    const offSite = original();
    const stamp = new Date().toISOString();
    const row = { id: 1, app_key: offSite.app_key, from_path: '/old', code: 301, automatic: 0, hits: 0, last_hit_at: null };
    offSite.redirects = [{ ...row, to_path: '//evil.example/x', created_at: stamp, updated_at: stamp }];
    await expectRefused(await pack('off-site-redirect', offSite), /redirects row 0 has to that must be a path of this site/);
  });

  it('refuses a review comment on what is not under review, or answering a comment it does not hold', async () => {
    const stamp = new Date().toISOString();
    const comment = { id: 1, app_key: 'demo', resource: 'posts', record_id: 1, version: 1, parent_id: null, user_id: null };
    const made = { ...comment, user_name: 'Someone', action: null, body: 'A comment', created_at: stamp };
    const onMenus = original();
    onMenus.review_comments = [{ ...made, resource: 'menus' }];
    await expectRefused(await pack('comment-on-menus', onMenus), /review comment 0 names no kind of record under review/);
    const orphan = original();
    orphan.review_comments = [made, { ...made, id: 2, parent_id: 7 }];
    await expectRefused(await pack('orphan-reply', orphan), /review comment 1 answers a comment the archive does not hold/);
  });

  it("refuses an entry's file whose storage key is not one, or that belongs to no entry of the archive", async () => {
    const stamp = new Date().toISOString();
    const row = {
      id: 1,
      app_key: 'demo',
      form_id: 1,
      field: 'cv',
      upload_id: 'a'.repeat(32),
      name: 'cv.pdf',
      mime: 'application/pdf',
    };
    const file = { ...row, size: 4, created_at: stamp };
    const entry = { id: 1, app_key: 'demo', form_id: 1, data: '{}', created_at: stamp, updated_at: stamp };
    const outside = original();
    outside.tables.form_entries = [entry];
    outside.entry_files = [{ ...file, entry_id: 1, storage_key: '../sentinel.txt' }];
    await expectRefused(await pack('entry-file-outside', outside), /entry file 0 has a storage key no entry's file has/);
    const loose = original();
    loose.entry_files = [{ ...file, entry_id: 7, storage_key: `_entries/${'b'.repeat(32)}` }];
    await expectRefused(await pack('entry-file-loose', loose), /entry file 0 belongs to no form entry the archive holds/);
  });

  it('refuses an archive with more entries than a site export has', async () => {
    const saved = ARCHIVE_LIMITS.entries;
    ARCHIVE_LIMITS.entries = 3;
    try {
      const extra = Object.fromEntries([1, 2, 3].map((n) => [`uploads/extra-${n}.png`, 'x']));
      await expectRefused(await pack('many', original(), extra), /more than 3 entries/);
    } finally {
      ARCHIVE_LIMITS.entries = saved;
    }
  });
});
