/** Uploads: real files on disk, recognised by content, refused when dangerous or too big. */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDITIONS_DIR } from '../../src/shared/renditions';
import { createOtherApplication, dialects, multipart, OTHER_APP_KEY, PNG, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('files on %s', (dialect) => {
  let t: TestApp;
  const upload = (filename: string, content: Buffer, field?: string, headers: Record<string, string> = {}) => {
    const form = multipart(filename, content, field);
    return t.app.inject({
      method: 'POST',
      url: '/cms/api/upload-single',
      headers: { authorization: `Bearer ${t.token}`, app_key: t.config.appKey, ...form.headers, ...headers },
      payload: form.body,
    });
  };
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());
  /** The originals in the upload folder (renditions, made in the background, live in their own folder). */
  const storedFiles = () => fs.readdirSync(t.config.uploadDir).filter((name) => name !== RENDITIONS_DIR).length;

  it('stores a PNG under a safe new name, lists it first, and serves it with long cache headers', async () => {
    const res = await upload('../../My Logo (final).PNG', PNG);
    expect(res.statusCode, res.body).toBe(201);
    const { name, url, mime } = res.json().data;
    expect(mime).toBe('image/png');
    expect(name).toMatch(/^my-logo-final-[0-9a-f]{10}\.png$/);
    expect(fs.readFileSync(path.join(t.config.uploadDir, name))).toEqual(PNG);
    const list = await t.admin('GET', '/cms/api/files');
    expect(list.json().file_names[0]).toBe(url);
    // Site-relative: stored in content, it survives a proxy, HTTPS or a new domain.
    expect(url).toBe(`/uploads/${name}`);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
  });

  it('recognises files by content: a PNG named .txt is accepted as PNG, text named .png is refused', async () => {
    const disguised = await upload('picture.txt', PNG);
    expect(disguised.statusCode).toBe(201);
    expect(disguised.json().data.name).toMatch(/\.png$/);
    const fake = await upload('evil.png', Buffer.from('<?php echo "hi"; ?>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().errors).toHaveProperty('file');
  });

  it('refuses SVG (it can carry script)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload('logo.svg', svg);
    expect(res.statusCode).toBe(415);
  });

  it('refuses a file over 10 MB with 413 and keeps nothing', async () => {
    const before = storedFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await upload('big.png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/10 MB/);
    expect(storedFiles()).toBe(before);
  });

  it('asks for a file when none was sent', async () => {
    const res = await upload('x.png', PNG, 'not-file');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please select a file to upload.');
  });

  it.each(['..%2F..%2Fpackage.json', '..%2Fsite.db', '.hidden', 'a%2Fb.png', '%2Fetc%2Fpasswd', 'UPPER.png'])(
    'refuses to delete %s',
    async (name) => {
      const res = await t.admin('DELETE', `/cms/api/delete-file/${name}`);
      expect([400, 404]).toContain(res.statusCode);
      expect(fs.existsSync(path.resolve('package.json'))).toBe(true);
    },
  );

  it("deletes its own file from disk and the list, but not through another application's key", async () => {
    const { name } = (await upload('to-delete.png', PNG)).json().data;
    const asOther = await t.admin('DELETE', `/cms/api/delete-file/${name}`, undefined, { app_key: OTHER_APP_KEY });
    expect(asOther.statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.config.uploadDir, name))).toBe(true);
    const otherList = await t.admin('GET', '/cms/api/files', undefined, { app_key: OTHER_APP_KEY });
    expect(otherList.json().file_names.join()).not.toContain(name);
    const res = await t.admin('DELETE', `/cms/api/delete-file/${name}`);
    expect(res.statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.config.uploadDir, name))).toBe(false);
    expect((await t.admin('GET', '/cms/api/files')).json().file_names.join()).not.toContain(name);
  });

  it('needs a token to upload', async () => {
    const form = multipart('a.png', PNG);
    const res = await t.app.inject({
      method: 'POST',
      url: '/cms/api/upload-single',
      headers: { app_key: t.config.appKey, ...form.headers },
      payload: form.body,
    });
    expect(res.statusCode).toBe(401);
  });

  describe('malformed uploads get a 400 and leave nothing behind', () => {
    const send = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: '/cms/api/upload-single',
        headers: { authorization: `Bearer ${t.token}`, app_key: t.config.appKey, 'content-type': contentType },
        payload,
      });

    it('a body cut off in the middle', async () => {
      const before = storedFiles();
      const { body, headers } = multipart('cut.png', PNG);
      const res = await send(body.subarray(0, body.length - 30), headers['content-type']);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toHaveProperty('file');
      expect(storedFiles()).toBe(before);
    });

    it('a multipart body without a boundary', async () => {
      const res = await send(multipart('x.png', PNG).body, 'multipart/form-data');
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toHaveProperty('file');
    });

    it('a file name with a NUL is stored cleaned, listed and deletable', async () => {
      const before = storedFiles();
      const res = await upload('bad\u0000name.png', PNG);
      expect(res.statusCode, res.body).toBe(201);
      const { name } = res.json().data as { name: string };
      const listed = (await t.admin('GET', '/cms/api/files')).json().files as { name: string; original_name: string }[];
      expect(listed.find((f) => f.name === name)?.original_name).toBe('badname.png');
      expect(storedFiles()).toBe(before + 1);
      expect((await t.admin('DELETE', `/cms/api/delete-file/${name}`)).statusCode).toBe(200);
      expect(storedFiles()).toBe(before);
    });
  });

  it('serves uploads so that nothing in them can run, and non-images as downloads', async () => {
    const res = await upload('logo.png', PNG);
    const served = await t.app.inject({ method: 'GET', url: `/uploads/${res.json().data.name}` });
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-disposition']).toBeUndefined();
    const pdf = await upload('doc.pdf', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
    expect(pdf.statusCode, pdf.body).toBe(201);
    const servedPdf = await t.app.inject({ method: 'GET', url: `/uploads/${pdf.json().data.name}` });
    expect(servedPdf.headers['content-disposition']).toBe('attachment');
    expect(servedPdf.headers['content-security-policy']).toContain('sandbox');
  });
});
