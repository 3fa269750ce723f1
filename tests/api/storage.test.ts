/**
 * The storage layer, the same suite on both drivers: the local folder and S3-compatible object
 * storage (a real S3-protocol server, started here). First the drivers' own contract, then the
 * server on each driver and each database: uploads (one request and resumable), renditions,
 * /uploads served whole, ranged and conditionally, deletes, the file list, backups, export and
 * import, the redirect to a public or signed bucket address, and `orgsite storage:migrate`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extract } from 'tar';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageSettings } from '../../src/server/config';
import { LocalStorage } from '../../src/server/storage/local';
import { S3Storage } from '../../src/server/storage/s3';
import { copyObjects, type FileStorage } from '../../src/server/storage/storage';
import { renditionUrl } from '../../src/shared/renditions';
import { startS3, type TestS3 } from '../support/s3-server';
import { APP_KEY, dialects, emptyDatabase, multipart, orgsite, startTestApp, type TestApp } from './harness';
import { noisePng } from './tus';

const available = await dialects();
type Driver = 'local' | 's3';
const DRIVERS: Driver[] = ['local', 's3'];

let s3: TestS3;
let scratch: string;
let prefixes = 0;
beforeAll(async () => {
  s3 = await startS3();
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-storage-test-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const freshPrefix = () => `site-${process.pid}-${(prefixes += 1)}`;
const open = (driver: Driver): FileStorage =>
  driver === 'local'
    ? new LocalStorage(fs.mkdtempSync(path.join(scratch, 'folder-')))
    : new S3Storage(s3.settings(freshPrefix()) as Extract<StorageSettings, { kind: 's3' }>);
const collect = async (storage: FileStorage, prefix?: string) => {
  const keys: string[] = [];
  for await (const object of storage.list(prefix)) keys.push(object.key);
  return keys.sort();
};
const text = async (stream: NodeJS.ReadableStream | undefined) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const picture = (width = 800, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

describe.each(DRIVERS)('the %s driver', (driver) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = open(driver);
  });
  afterAll(() => storage.close());

  it('writes bytes, text and files; reads them whole, in a range and by their facts', async () => {
    await storage.write('a.txt', 'hello world');
    await storage.write('_r/640/b.png.webp', Buffer.from([1, 2, 3, 4]));
    const source = path.join(scratch, `source-${driver}.bin`);
    fs.writeFileSync(source, Buffer.alloc(70_000, 7));
    await storage.write('c.bin', { path: source });
    expect((await storage.read('a.txt'))?.toString()).toBe('hello world');
    expect([...((await storage.read('_r/640/b.png.webp')) ?? [])]).toEqual([1, 2, 3, 4]);
    expect((await storage.read('c.bin'))?.length).toBe(70_000);
    expect(await text(await storage.stream('a.txt', { start: 6, end: 10 }))).toBe('world');
    const facts = await storage.stat('a.txt');
    expect(facts?.size).toBe(11);
    expect(facts?.etag).toMatch(/^".+"$/);
    expect(await storage.stat('missing.txt')).toBeUndefined();
    expect(await storage.read('missing.txt')).toBeUndefined();
    expect(await storage.stream('missing.txt')).toBeUndefined();
  });

  it('a write replaces what was there, whole', async () => {
    await storage.write('d.txt', 'first version, longer');
    await storage.write('d.txt', 'second');
    expect((await storage.read('d.txt'))?.toString()).toBe('second');
  });

  it('lists by prefix and removes (what is gone already is no error)', async () => {
    await storage.write('_partial/x/000000000000', 'p1');
    await storage.write('_partial/x/000000000002', 'p2');
    await storage.write('_partial/x.json', '{}');
    expect(await collect(storage, '_partial/x/')).toEqual(['_partial/x/000000000000', '_partial/x/000000000002']);
    expect(await collect(storage, '_partial/')).toHaveLength(3);
    expect(await collect(storage)).toEqual(expect.arrayContaining(['a.txt', 'c.bin', '_r/640/b.png.webp', '_partial/x.json']));
    await storage.remove(['_partial/x/000000000000', '_partial/x/000000000002', '_partial/x.json', 'never-was.txt']);
    expect(await collect(storage, '_partial/')).toEqual([]);
  });

  it('refuses a key that could leave its root', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a//b', '', 'a\\b']) {
      await expect(storage.write(key, 'x'), key).rejects.toThrow(/Not a storage key/);
    }
  });

  it('copies everything to the other driver once: a second run finds it there', async () => {
    const other = open(driver === 'local' ? 's3' : 'local');
    try {
      const first = await copyObjects(storage, other);
      expect(first.copied).toBeGreaterThanOrEqual(4);
      expect((await other.read('c.bin'))?.length).toBe(70_000);
      const again = await copyObjects(storage, other);
      expect(again).toMatchObject({ copied: 0, kept: first.copied });
    } finally {
      await other.close();
    }
  });
});

describe.each(available.flatMap((dialect) => DRIVERS.map((driver) => [dialect, driver] as const)))(
  'the server on %s with the %s driver',
  (dialect, driver) => {
    let t: TestApp;
    let stored: string;
    let original: Buffer;
    const storage = () => t.app.ctx.storage;
    const storageEnv = (): Record<string, string> =>
      driver === 's3'
        ? s3.env(t.app.ctx.storage.location.replace(`s3://${s3.bucket}/`, '').replace(/\/$/, ''))
        : { UPLOAD_DIR: t.config.uploadDir };

    beforeAll(async () => {
      t = await startTestApp(dialect, driver === 's3' ? { storage: s3.settings(freshPrefix()) } : {});
      original = await picture();
      const form = multipart('Open day.png', original);
      const res = await t.admin('POST', '/cms/api/upload-single', form.body, form.headers);
      expect(res.statusCode, res.body).toBe(201);
      stored = res.json().data.name;
    });
    afterAll(() => t?.close());

    it('keeps an upload in the storage, lists it, and serves it with a year’s cache', async () => {
      expect(storage().kind).toBe(driver);
      expect((await storage().read(stored))?.equals(original)).toBe(true);
      const list = (await t.admin('GET', '/cms/api/files')).json();
      expect(list.file_names).toContain(`/uploads/${stored}`);
      const res = await t.app.inject({ method: 'GET', url: `/uploads/${stored}` });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(original)).toBe(true);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    });

    it('serves a byte range (206), answers a validator with 304, and HEAD with the length alone', async () => {
      const ranged = await t.app.inject({ method: 'GET', url: `/uploads/${stored}`, headers: { range: 'bytes=8-15' } });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes 8-15/${original.length}`);
      expect(ranged.rawPayload.equals(original.subarray(8, 16))).toBe(true);
      const past = await t.app.inject({
        method: 'GET',
        url: `/uploads/${stored}`,
        headers: { range: `bytes=${original.length + 10}-` },
      });
      expect(past.statusCode).toBe(416);
      const etag = (await t.app.inject({ method: 'GET', url: `/uploads/${stored}` })).headers.etag as string;
      const again = await t.app.inject({ method: 'GET', url: `/uploads/${stored}`, headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      const head = await t.app.inject({ method: 'HEAD', url: `/uploads/${stored}` });
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['content-length'])).toBe(original.length);
      expect((await t.app.inject({ method: 'GET', url: '/uploads/no-such-file-0000000000.png' })).statusCode).toBe(404);
    });

    it('makes renditions into the storage and serves them', async () => {
      const res = await t.app.inject({ method: 'GET', url: renditionUrl(stored, 320, 'webp') });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(320);
      expect(await storage().stat(`_r/320/${stored}.webp`)).toBeDefined();
    });

    it('serves only what the media library holds: not other objects under its root, nor a deleted file’s bytes', async () => {
      await storage().write('stray-0123456789.png', await picture(20, 20), 'image/png');
      await storage().write('notes.txt', 'not a file of the library');
      for (const url of ['/uploads/stray-0123456789.png', '/uploads/notes.txt']) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
        expect((await t.app.inject({ method: 'HEAD', url })).statusCode, url).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: renditionUrl('stray-0123456789.png', 320, 'webp') })).statusCode).toBe(
        404,
      );
      // A file gone from the library is not served from bytes the storage still has.
      const form = multipart('gone.png', await picture(30, 30));
      const name = (await t.admin('POST', '/cms/api/upload-single', form.body, form.headers)).json().data.name as string;
      const bytes = (await storage().read(name))!;
      expect((await t.admin('DELETE', `/cms/api/delete-file/${name}`)).statusCode).toBe(200);
      await storage().write(name, bytes, 'image/png');
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    });

    it('takes a resumable upload in parts, keeps its parts in the storage (never served), and stores the whole', async () => {
      const photo = await noisePng(2);
      const tus = (method: string, url: string, headers: Record<string, string> = {}, body?: Buffer) =>
        t.admin(method, url, body, { 'tus-resumable': '1.0.0', ...headers });
      const created = await tus('POST', '/cms/api/tus', {
        'upload-length': String(photo.length),
        'upload-metadata': `filename ${Buffer.from('resumed.png').toString('base64')}`,
      });
      expect(created.statusCode, created.body).toBe(201);
      const at = created.headers.location as string;
      const id = at.split('/').pop()!;
      const half = Math.floor(photo.length / 2);
      const octets = { 'content-type': 'application/offset+octet-stream' };
      expect((await tus('PATCH', at, { ...octets, 'upload-offset': '0' }, photo.subarray(0, half))).statusCode).toBe(204);
      expect(await storage().stat(`_partial/${id}.json`)).toBeDefined();
      expect((await t.app.inject({ method: 'GET', url: `/uploads/_partial/${id}.json` })).statusCode).toBe(404);
      expect(Number((await tus('HEAD', at)).headers['upload-offset'])).toBe(half);
      const last = await tus('PATCH', at, { ...octets, 'upload-offset': String(half) }, photo.subarray(half));
      expect(last.statusCode, last.body).toBe(204);
      const name = (await t.admin('GET', at)).json().data.name as string;
      expect((await storage().read(name))?.equals(photo)).toBe(true);
      // Its parts are gone; the upload still answers as whole for a client whose answer was lost.
      expect(await collect(storage(), `_partial/${id}/`)).toEqual([]);
      expect(Number((await tus('HEAD', at)).headers['upload-offset'])).toBe(photo.length);
      expect((await t.admin('GET', at)).json().data.name).toBe(name);
    });

    it('a deleted file leaves the storage with its renditions', async () => {
      const form = multipart('temporary.png', await picture(300, 300));
      const name = (await t.admin('POST', '/cms/api/upload-single', form.body, form.headers)).json().data.name as string;
      expect((await t.app.inject({ method: 'GET', url: renditionUrl(name, 320, 'avif') })).statusCode).toBe(200);
      await t.app.ctx.renditions.idle();
      expect((await t.admin('DELETE', `/cms/api/delete-file/${name}`)).statusCode).toBe(200);
      expect(await storage().stat(name)).toBeUndefined();
      expect((await collect(storage(), '_r/')).filter((key) => key.includes(name))).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: `/uploads/${name}` })).statusCode).toBe(404);
    });

    it('backs up the files from the storage and restores them into another', async () => {
      const file = path.join(scratch, `backup-${dialect}-${driver}.tar.gz`);
      const settings = { databaseUrl: t.config.databaseUrl, pgSchema: t.config.pgSchema, ...storageEnv() };
      const made = await orgsite(settings, 'backup', '--logical', '--out', file);
      expect(made.code, made.output).toBe(0);
      const into = fs.mkdtempSync(path.join(scratch, 'unpacked-'));
      await extract({ file, cwd: into });
      expect(fs.readFileSync(path.join(into, 'uploads', stored)).equals(original)).toBe(true);
      expect(fs.existsSync(path.join(into, 'uploads', '_r'))).toBe(false);
      expect(fs.existsSync(path.join(into, 'uploads', '_partial'))).toBe(false);

      // Into an empty database and the other driver: the files land there.
      const target = await emptyDatabase(dialect, scratch);
      const otherEnv =
        driver === 'local' ? s3.env(freshPrefix()) : { UPLOAD_DIR: fs.mkdtempSync(path.join(scratch, 'restored-')) };
      try {
        const base = { databaseUrl: target.databaseUrl, pgSchema: target.pgSchema, SEED_DEMO: 'false', ...otherEnv };
        expect((await orgsite(base, 'migrate')).code).toBe(0);
        const restored = await orgsite(base, 'restore', file);
        expect(restored.code, restored.output).toBe(0);
        const other =
          driver === 'local'
            ? new S3Storage(s3.settings(otherEnv.STORAGE_URL!.slice(`s3://${s3.bucket}/`.length)) as never)
            : new LocalStorage(otherEnv.UPLOAD_DIR!);
        try {
          expect((await other.read(stored))?.equals(original)).toBe(true);
        } finally {
          await other.close();
        }
      } finally {
        await target.drop();
      }
    });

    it('exports a site with its files from the storage and imports it into another storage', async () => {
      const file = path.join(scratch, `export-${dialect}-${driver}.tar.gz`);
      const exported = await orgsite(
        { databaseUrl: t.config.databaseUrl, pgSchema: t.config.pgSchema, ...storageEnv() },
        'export',
        '--site',
        APP_KEY,
        '--out',
        file,
      );
      expect(exported.code, exported.output).toBe(0);
      const target = await emptyDatabase(dialect, scratch);
      const prefix = freshPrefix();
      const otherEnv = driver === 'local' ? s3.env(prefix) : { UPLOAD_DIR: fs.mkdtempSync(path.join(scratch, 'imported-')) };
      try {
        const base = { databaseUrl: target.databaseUrl, pgSchema: target.pgSchema, SEED_DEMO: 'false', ...otherEnv };
        const imported = await orgsite(base, 'import', file);
        expect(imported.code, imported.output).toBe(0);
        const other = driver === 'local' ? new S3Storage(s3.settings(prefix) as never) : new LocalStorage(otherEnv.UPLOAD_DIR!);
        try {
          expect((await other.read(stored))?.equals(original)).toBe(true);
        } finally {
          await other.close();
        }
      } finally {
        await target.drop();
      }
    });

    it('storage:migrate copies the files to the other driver, and a second run copies nothing again', async () => {
      const settings = { databaseUrl: t.config.databaseUrl, pgSchema: t.config.pgSchema, ...storageEnv() };
      const to = driver === 'local' ? `s3://${s3.bucket}/${freshPrefix()}` : fs.mkdtempSync(path.join(scratch, 'migrated-'));
      // The S3 store named by --to takes its credentials from the S3_* settings.
      const { STORAGE_URL: _unused, ...credentials } = s3.env('');
      const env = { ...credentials, ...settings };
      // The placeholders and renditions the site's reads asked for are made in the background:
      // both runs copy what is there once they are all written.
      await t.app.ctx.renditions.idle();
      const first = await orgsite(env, 'storage:migrate', '--to', to);
      expect(first.code, first.output).toBe(0);
      expect(first.output).toMatch(/Copied [1-9]\d* files/);
      const second = await orgsite(env, 'storage:migrate', '--to', to);
      expect(second.output).toMatch(/Copied 0 files .* [1-9]\d* were there already/);
      const target = to.startsWith('s3://')
        ? new S3Storage(s3.settings(to.slice(`s3://${s3.bucket}/`.length)) as never)
        : new LocalStorage(to);
      try {
        expect((await target.read(stored))?.equals(original)).toBe(true);
        expect(await collect(target, '_partial/')).toEqual([]);
      } finally {
        await target.close();
      }
      const same = await orgsite(env, 'storage:migrate', '--to', driver === 'local' ? t.config.uploadDir : storage().location);
      expect(same.code).toBe(1);
      expect(same.output).toContain('names the storage the files are in');
    });
  },
);

describe.each(DRIVERS)('STORAGE_PUBLIC_URL with the %s driver', (driver) => {
  let t: TestApp;
  const settings = () => (driver === 's3' ? { storage: s3.settings(freshPrefix()) } : {});
  afterAll(() => t?.close());

  it('sends visitors to the public address the files are published at (302), renditions too', async () => {
    t = await startTestApp('sqlite', { ...settings(), storagePublicUrl: 'https://cdn.example.org/files' });
    const form = multipart('cdn.png', await picture(400, 200));
    const stored = (await t.admin('POST', '/cms/api/upload-single', form.body, form.headers)).json().data.name;
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${stored}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://cdn.example.org/files/${stored}`);
    const rendition = await t.app.inject({ method: 'GET', url: renditionUrl(stored, 320, 'webp') });
    expect(rendition.statusCode).toBe(302);
    expect(rendition.headers.location).toBe(`https://cdn.example.org/files/_r/320/${stored}.webp`);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/_partial/x.json' })).statusCode).toBe(404);
  });

  it('sends from here, with the sandbox and as a download, what is not a picture; and nothing the library does not hold', async () => {
    const pdf = multipart('minutes.pdf', PDF);
    const name = (await t.admin('POST', '/cms/api/upload-single', pdf.body, pdf.headers)).json().data.name as string;
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-disposition']).toBe('attachment');
    await t.app.ctx.storage.write('stray-0123456789.png', await picture(20, 20), 'image/png');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/stray-0123456789.png' })).statusCode).toBe(404);
  });
});

describe('an S3 store that does not answer', () => {
  it('makes /readyz say so, and an upload a 503 naming the file that stores no row', async () => {
    // A store of its own, stopped once the site is seeded into it: an outage.
    const own = await startS3();
    const t = await startTestApp('sqlite', { storage: own.settings(freshPrefix()) });
    const before = (await t.admin('GET', '/cms/api/files')).json().files.length;
    await own.close();
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.storage).toBe('unreachable');
      const form = multipart('lost.png', await picture(10, 10));
      const res = await t.admin('POST', '/cms/api/upload-single', form.body, form.headers);
      expect(res.statusCode).toBe(503);
      expect(res.json().errors).toHaveProperty('file');
      expect((await t.admin('GET', '/cms/api/files')).json().files).toHaveLength(before);
    } finally {
      await t.close();
    }
  });
});

describe('STORAGE_PUBLIC_URL=signed with the s3 driver', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('sends visitors to a time-limited bucket address that serves the bytes', async () => {
    t = await startTestApp('sqlite', { storage: s3.settings(freshPrefix()), storagePublicUrl: 'signed' });
    const bytes = await picture(300, 100);
    const form = multipart('signed.png', bytes);
    const stored = (await t.admin('POST', '/cms/api/upload-single', form.body, form.headers)).json().data.name;
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${stored}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain(s3.endpoint);
    expect(res.headers.location).toContain('X-Amz-Signature=');
    expect(res.headers['cache-control']).toMatch(/^private/);
    const fetched = await fetch(res.headers.location as string);
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    // The signed address names the type the bucket answers with, whatever the object was stored as.
    expect(res.headers.location).toContain('response-content-type=image%2Fpng');
    expect(fetched.headers.get('content-type')).toBe('image/png');
  });

  it('sends from here, with the sandbox and as a download, what is not a picture; and nothing the library does not hold', async () => {
    const pdf = multipart('minutes.pdf', PDF);
    const name = (await t.admin('POST', '/cms/api/upload-single', pdf.body, pdf.headers)).json().data.name as string;
    const res = await t.app.inject({ method: 'GET', url: `/uploads/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.headers['content-disposition']).toBe('attachment');
    await t.app.ctx.storage.write('stray-0123456789.png', await picture(20, 20), 'image/png');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/stray-0123456789.png' })).statusCode).toBe(404);
  });
});
