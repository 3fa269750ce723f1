/**
 * `orgsite backup` on both databases, while the server is running: the archive holds a database
 * copy that has what the API shows, the uploaded files as they are, and a manifest.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { extract } from 'tar';
import { RENDITIONS_DIR, renditionUrl } from '../../src/shared/renditions';
import { PARTIAL_DIR } from '../../src/server/media/partial-uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli';
import { createServer } from '../../src/server/bootstrap';
import { ADMIN, APP_KEY, dialects, emptyDatabase, multipart, orgsite, PNG, startTestApp, type TestApp } from './harness';

const available = await dialects();

describe.each(available)('backup on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let upload: string;
  let reviewed = 0;
  const saved = { ...process.env };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    process.env.DATABASE_URL = t.config.databaseUrl;
    process.env.DATABASE_SCHEMA = t.config.pgSchema ?? '';
    process.env.UPLOAD_DIR = t.config.uploadDir;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-backup-test-'));
    const post = (await t.admin('POST', '/cms/api/posts', { title: 'Kept in the backup', status: 1 })).json().data;
    reviewed = post.id;
    // A review thread (a comment and its reply) and a day of analytics, which a restore keeps too.
    const comment = await t.admin('POST', `/cms/api/posts/${post.id}/review/comments`, { body: 'Check the dates' });
    expect(comment.statusCode, comment.body).toBe(201);
    const reply = { body: 'Checked', parent_id: comment.json().data.id };
    expect((await t.admin('POST', `/cms/api/posts/${post.id}/review/comments`, reply)).statusCode).toBe(201);
    const view = await t.app.inject({
      method: 'POST',
      url: '/cms/analytics/views',
      headers: { 'content-type': 'text/plain', 'user-agent': 'Backup test browser' },
      payload: JSON.stringify({ app_key: APP_KEY, path: '/kept-in-the-backup', language: 'en', width: 390, lcp: 1234, inp: 80 }),
    });
    expect(view.statusCode).toBe(204);
    const form = multipart('kept.png', PNG);
    upload = (await t.admin('POST', '/cms/api/upload-single', form.body, form.headers)).json().data.name as string;
  });
  afterAll(async () => {
    process.env = saved;
    fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  async function backUp(...extra: string[]) {
    const file = path.join(dir, `backup-${extra.join('') || 'default'}.tar.gz`);
    const out: string[] = [];
    const code = await runCli(
      ['backup', '--out', file, ...extra],
      (line) => out.push(line),
      (line) => out.push(line),
    );
    expect(code, out.join('\n')).toBe(0);
    // Every account's password hash is in it: for its owner's eyes only.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const into = fs.mkdtempSync(path.join(dir, 'x-'));
    await extract({ file, cwd: into });
    return { into, out: out.join('\n') };
  }

  it('holds the database, every upload and a manifest, and says what it wrote', async () => {
    // A rendition on disk is not backed up: the server makes it again from the original.
    expect((await t.app.inject({ method: 'GET', url: renditionUrl('slider-1.webp', 320, 'webp') })).statusCode).toBe(200);
    const { into, out } = await backUp();
    // Nor are uploads in progress.
    const originals = fs.readdirSync(t.config.uploadDir).filter((name) => name !== RENDITIONS_DIR && name !== PARTIAL_DIR);
    expect(out).toContain(`Uploads: ${originals.length} files`);
    expect(fs.readFileSync(path.join(into, 'uploads', upload))).toEqual(PNG);
    expect(fs.readdirSync(path.join(into, 'uploads')).sort()).toEqual(originals.sort());
    const manifest = JSON.parse(fs.readFileSync(path.join(into, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'orgsite-backup/1', pending_migrations: [] });
    const total = (await t.admin('GET', '/cms/api/posts')).json().data.total as number;

    if (dialect === 'sqlite') {
      expect(manifest.database).toBe('sqlite');
      const copy = new SQLite(path.join(into, 'database.sqlite'), { readonly: true });
      expect((copy.prepare('select count(*) as n from posts').get() as { n: number }).n).toBe(total);
      expect(copy.prepare('select title from posts where title = ?').get('Kept in the backup')).toBeTruthy();
      copy.close();
    } else {
      expect(manifest.database).toBe('pg_dump');
      const dump = fs.readFileSync(path.join(into, 'database.sql'), 'utf8');
      expect(dump).toMatch(new RegExp(`CREATE TABLE ${t.config.pgSchema}\\.posts`));
      expect(dump).toContain('Kept in the backup');
    }
  });

  it('--logical writes every kept table as JSON, without sessions', async () => {
    const { into } = await backUp('--logical');
    const { tables } = JSON.parse(fs.readFileSync(path.join(into, 'database.json'), 'utf8')) as {
      tables: Record<string, { title?: string }[]>;
    };
    expect(tables.posts!.some((p) => p.title === 'Kept in the backup')).toBe(true);
    expect(tables.users!.length).toBeGreaterThan(0);
    expect(tables).not.toHaveProperty('sessions');
  });

  it('restores a --logical backup into an empty database of the other kind: same answers, same sign-in', async () => {
    const file = path.join(dir, 'to-restore.tar.gz');
    const said: string[] = [];
    const made = await runCli(
      ['backup', '--logical', '--out', file],
      () => {},
      (line) => said.push(line),
    );
    expect(made, said.join('\n')).toBe(0);
    const target = await emptyDatabase(dialect === 'sqlite' && available.includes('postgres') ? 'postgres' : 'sqlite', dir);
    const uploads = path.join(dir, 'restored-uploads');
    const cli = (...argv: string[]) =>
      orgsite({ databaseUrl: target.databaseUrl, pgSchema: target.pgSchema, UPLOAD_DIR: uploads }, ...argv);
    try {
      const first = await cli('restore', file);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toMatch(/posts: \d+/);
      expect(first.output).toMatch(/Restored \d+ rows and \d+ files\./);
      // A second restore into what is no longer empty is refused, storing nothing.
      const again = await cli('restore', file);
      expect(again.code).toBe(1);
      expect(again.output).toContain('The database is not empty');

      const { app: restored } = await createServer(
        { ...t.config, databaseUrl: target.databaseUrl, pgSchema: target.pgSchema, uploadDir: uploads, seedDemo: false },
        { logger: false },
      );
      try {
        const login = await restored.inject({
          method: 'POST',
          url: '/cms/api/login',
          payload: { identifier: ADMIN.email, password: ADMIN.password },
        });
        expect(login.statusCode).toBe(200);
        const headers = { authorization: `Bearer ${login.json().token}`, app_key: APP_KEY };
        const urls = [
          '/cms/api/posts?size=1000',
          '/cms/api/menus?size=1000',
          '/cms/api/files?size=1000',
          `/cms/api/posts/${reviewed}/review`,
          '/cms/api/analytics',
        ];
        expect(JSON.stringify((await t.admin('GET', urls[3]!)).json())).toContain('Checked');
        expect(JSON.stringify((await t.admin('GET', urls[4]!)).json())).toContain('/kept-in-the-backup');
        // The page's vitals histograms too.
        expect((await t.admin('GET', urls[4]!)).json().data.vitals).toEqual([
          expect.objectContaining({ path: '/kept-in-the-backup', samples: 1 }),
        ]);
        for (const url of urls) {
          const before = await t.admin('GET', url);
          const after = await restored.inject({ method: 'GET', url, headers });
          expect(after.json(), url).toEqual(before.json());
        }
        expect((await restored.inject({ method: 'GET', url: `/uploads/${upload}` })).rawPayload).toEqual(PNG);
        // New records take ids after the restored ones.
        const next = await restored.inject({
          method: 'POST',
          url: '/cms/api/posts',
          headers,
          payload: { title: 'After the restore' },
        });
        expect(next.statusCode, next.body).toBe(201);
      } finally {
        await restored.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('says how to restore a database copy or a pg_dump, and refuses what is not a backup', async () => {
    const file = path.join(dir, 'plain.tar.gz');
    expect(
      await runCli(
        ['backup', '--out', file],
        () => {},
        () => {},
      ),
    ).toBe(0);
    const out: string[] = [];
    expect(
      await runCli(
        ['restore', file],
        () => {},
        (l) => out.push(l),
      ),
    ).toBe(1);
    expect(out.join('\n')).toMatch(
      dialect === 'sqlite' ? /put that file where DATABASE_URL points/ : /psql "\$DATABASE_URL" -f database\.sql/,
    );
    fs.writeFileSync(path.join(dir, 'junk.tar.gz'), 'junk');
    out.length = 0;
    expect(
      await runCli(
        ['restore', path.join(dir, 'junk.tar.gz')],
        () => {},
        (l) => out.push(l),
      ),
    ).toBe(1);
    expect(out.join('\n')).toMatch(/is not a backup/);
  });
});
