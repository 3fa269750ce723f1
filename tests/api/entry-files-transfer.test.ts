/**
 * The files visitors sent with form entries leave with their site and come back from a backup
 * (issue 60): an entry with a CV, sent through the resumable path, is exported with `orgsite
 * export` and imported into an empty database of the other kind, and backed up with `orgsite
 * backup --logical` and restored into an empty database; each time staff download the file there
 * with the same bytes. On both databases.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/bootstrap';
import { ADMIN, APP_KEY, dialects, emptyDatabase, orgsite, startTestApp, type TestApp } from './harness';
import { metadata, OCTETS, over, TUS } from './tus';

const available = await dialects();
const otherThan = (dialect: string) => (dialect === 'sqlite' && available.includes('postgres') ? 'postgres' : 'sqlite');

const FIELDS = [
  { name: 'full_name', kind: 'text', label: 'Name', required: true },
  { name: 'cv', kind: 'file', label: 'CV', required: true, accept: '.pdf', max_mb: 2 },
];
const CV = Buffer.concat([
  Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n', 'latin1'),
  randomBytes(40_000),
  Buffer.from('%%EOF\n'),
]);

/** Runs the CLI against a database and an uploads folder. */
const cli = (target: { databaseUrl: string; pgSchema?: string }, uploads: string, ...args: string[]) =>
  orgsite({ databaseUrl: target.databaseUrl, pgSchema: target.pgSchema, UPLOAD_DIR: uploads }, ...args);

describe.each(available)('entry files on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let entryId = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-entry-files-'));
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const form = await t.admin('POST', '/cms/api/forms', { title: 'Job application', fields: JSON.stringify(FIELDS), status: 1 });
    expect(form.statusCode, form.body).toBe(201);
    const formId = form.json().data.id as number;
    const headers = { 'app-key': APP_KEY, ...TUS };
    const started = await over(base, 'POST', '/cms/form-uploads', {
      ...headers,
      'upload-length': String(CV.length),
      'upload-metadata': metadata({ form: String(formId), field: 'cv', filename: 'Rahima CV.pdf' }),
    });
    expect(started.statusCode, started.body).toBe(201);
    const sent = await over(base, 'PATCH', started.headers.location!, { ...headers, ...OCTETS, 'upload-offset': '0' }, CV);
    expect(sent.statusCode, sent.body).toBe(204);
    const entry = await t.visitor(
      'POST',
      `/cms/forms/${formId}/entries`,
      { full_name: 'Rahima Begum', cv: started.headers.location!.split('/').pop() },
      { 'idempotency-key': `entry-files-${dialect}-${Date.now()}` },
    );
    expect(entry.statusCode, entry.body).toBe(201);
    entryId = entry.json().data.id;
  });
  afterAll(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  /** The entry's one file, downloaded by staff of `app` (signed in with `headers`): its name and bytes. */
  async function downloaded(get: (url: string) => Promise<{ statusCode: number; body: string; rawPayload: Buffer }>) {
    const listed = await get(`/cms/api/form-entries/${entryId}/files`);
    expect(listed.statusCode, listed.body).toBe(200);
    const files = JSON.parse(listed.body).data.data as { id: number; name: string }[];
    expect(files).toHaveLength(1);
    const file = await get(`/cms/api/form-entries/${entryId}/files/${files[0]!.id}`);
    expect(file.statusCode).toBe(200);
    return { name: files[0]!.name, bytes: file.rawPayload };
  }

  /** A server on a database the CLI filled, and a staff member's GET there. */
  async function serverOn(target: { databaseUrl: string; pgSchema?: string }, uploads: string) {
    const { app } = await createServer(
      { ...t.config, databaseUrl: target.databaseUrl, pgSchema: target.pgSchema, uploadDir: uploads, seedDemo: false },
      { logger: false },
    );
    const login = await app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: ADMIN.email, password: ADMIN.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().token}`, app_key: APP_KEY };
    return { app, get: (url: string) => app.inject({ method: 'GET', url, headers }) };
  }

  it('staff download the file the visitor sent', async () => {
    expect(await downloaded((url) => t.admin('GET', url))).toEqual({ name: 'Rahima CV.pdf', bytes: CV });
  });

  it(`a site export carries it: imported into an empty ${otherThan(dialect)} database, the same bytes`, async () => {
    const archive = path.join(dir, 'site.tar.gz');
    const exported = await cli(t.config, t.config.uploadDir, 'export', '--site', APP_KEY, '--out', archive);
    expect(exported.code, exported.output).toBe(0);
    expect(exported.output).toContain('entry files: 1');
    // An installation of the other kind that has no site yet (its own admin signs in).
    const target = await startTestApp(otherThan(dialect), { seedDemo: false });
    try {
      const imported = await cli(target.config, target.config.uploadDir, 'import', archive);
      expect(imported.code, imported.output).toBe(0);
      expect(await downloaded((url) => target.admin('GET', url))).toEqual({ name: 'Rahima CV.pdf', bytes: CV });
    } finally {
      await target.close();
    }
  });

  it(`a backup restores it: restored into an empty ${dialect} database, the same bytes`, async () => {
    const file = path.join(dir, 'backup.tar.gz');
    const made = await cli(t.config, t.config.uploadDir, 'backup', '--logical', '--out', file);
    expect(made.code, made.output).toBe(0);
    const target = await emptyDatabase(dialect, dir);
    const uploads = path.join(dir, 'restored-uploads');
    try {
      const restored = await cli(target, uploads, 'restore', file);
      expect(restored.code, restored.output).toBe(0);
      const { app, get } = await serverOn(target, uploads);
      try {
        expect(await downloaded(get)).toEqual({ name: 'Rahima CV.pdf', bytes: CV });
      } finally {
        await app.close();
      }
    } finally {
      await target.drop();
    }
  });
});
