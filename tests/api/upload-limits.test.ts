/**
 * What bounds resumable uploads and a person's writes (issue #53, L2 and L3): an upload is its
 * uploader's alone; every part but the last has a minimum size; a person has a quota of uploads in
 * progress and of their bytes; and staff writes have a rate limit. On both databases.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTIAL_DIR } from '../../src/server/media/partial-uploads';
import { LIMITS } from '../../src/shared/limits';
import { APP_KEY, dialects, PNG, signInAs, startTestApp, type TestApp } from './harness';
import { metadata, noisePng, OCTETS, over, TUS } from './tus';

describe.each(await dialects())('bounds of resumable uploads on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const tus = (token: string, method: string, url: string, headers: Record<string, string> = {}, payload?: Buffer) =>
    over(base, method, url, { authorization: `Bearer ${token}`, app_key: APP_KEY, ...TUS, ...headers }, payload);
  const create = (token: string, size: number) =>
    tus(token, 'POST', '/cms/api/tus', { 'upload-length': String(size), 'upload-metadata': metadata({ filename: 'a.png' }) });

  it('an upload is its uploader’s: another person’s HEAD, PATCH, DELETE and GET find no such upload', async () => {
    const other = await signInAs(t, 'editor');
    const created = await create(t.token, PNG.length);
    expect(created.statusCode, created.body).toBe(201);
    const at = created.headers.location!;
    expect((await tus(other.token, 'HEAD', at)).statusCode).toBe(404);
    const patch = await tus(other.token, 'PATCH', at, { ...OCTETS, 'upload-offset': '0' }, PNG);
    expect(patch.statusCode).toBe(404);
    expect(patch.json().errors).toHaveProperty('id');
    expect((await tus(other.token, 'DELETE', at)).statusCode).toBe(404);
    expect((await other.send('GET', at)).statusCode).toBe(404);
    // An API token of the same admin is another uploader too.
    const made = await t.admin('POST', '/cms/api/api-tokens', { name: 'Uploader script', role: 'editor' });
    expect(made.statusCode, made.body).toBe(201);
    expect((await tus(made.json().data.token, 'HEAD', at)).statusCode).toBe(404);
    // The uploader's is untouched: nothing arrived, and they finish it.
    const head = await tus(t.token, 'HEAD', at);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    expect((await tus(t.token, 'PATCH', at, { ...OCTETS, 'upload-offset': '0' }, PNG)).statusCode).toBe(204);
    expect((await t.admin('GET', at)).statusCode).toBe(200);
    expect((await other.send('GET', at)).statusCode).toBe(404);
  });

  it('refuses a part smaller than the minimum unless it is the last, and keeps nothing of it', async () => {
    const photo = await noisePng(2);
    const at = (await create(t.token, photo.length)).headers.location!;
    const id = at.split('/').pop()!;
    const tiny = await tus(t.token, 'PATCH', at, { ...OCTETS, 'upload-offset': '0' }, photo.subarray(0, 1));
    expect(tiny.statusCode, tiny.body).toBe(400);
    expect(tiny.json().errors['Content-Length']).toContain(`${LIMITS.upload.minPartBytes / 1024} KiB`);
    const parts = path.join(t.config.uploadDir, PARTIAL_DIR, id);
    expect(fs.existsSync(parts) ? fs.readdirSync(parts) : []).toEqual([]);
    expect((await tus(t.token, 'HEAD', at)).headers['upload-offset']).toBe('0');
    // A part of the minimum, then a shorter last part: stored whole.
    const first = LIMITS.upload.minPartBytes;
    expect((await tus(t.token, 'PATCH', at, { ...OCTETS, 'upload-offset': '0' }, photo.subarray(0, first))).statusCode).toBe(204);
    const last = await tus(t.token, 'PATCH', at, { ...OCTETS, 'upload-offset': String(first) }, photo.subarray(first));
    expect(last.statusCode, last.body).toBe(204);
    const became = await t.admin('GET', at);
    expect(fs.readFileSync(path.join(t.config.uploadDir, became.json().data.name))).toEqual(photo);
  });

  it('counts a person’s uploads in progress against a quota; finishing or cancelling one frees its place', async () => {
    const author = await signInAs(t, 'author');
    const open: string[] = [];
    for (let i = 0; i < LIMITS.upload.openUploadsPerUser; i++) {
      const created = await create(author.token, PNG.length);
      expect(created.statusCode, created.body).toBe(201);
      open.push(created.headers.location!);
    }
    const refused = await create(author.token, PNG.length);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors).toHaveProperty('upload');
    // Someone else's quota is their own.
    expect((await create(t.token, PNG.length)).statusCode).toBe(201);
    expect((await tus(author.token, 'DELETE', open[0]!)).statusCode).toBe(204);
    expect((await create(author.token, PNG.length)).statusCode).toBe(201);
    expect((await tus(author.token, 'PATCH', open[1]!, { ...OCTETS, 'upload-offset': '0' }, PNG)).statusCode).toBe(204);
    expect((await create(author.token, PNG.length)).statusCode).toBe(201);
    expect((await create(author.token, PNG.length)).statusCode).toBe(429);
  });

  it('counts the bytes of a person’s uploads in progress against a quota', async () => {
    const editor = await signInAs(t, 'editor');
    const largest = LIMITS.upload.resumableMaxBytes;
    const fit = Math.floor(LIMITS.upload.openBytesPerUser / largest);
    for (let i = 0; i < fit; i++) expect((await create(editor.token, largest)).statusCode).toBe(201);
    const over = await create(editor.token, LIMITS.upload.openBytesPerUser - fit * largest + 1);
    expect(over.statusCode, over.body).toBe(413);
    expect(over.json().errors).toHaveProperty('Upload-Length');
  });
});

describe.each(await dialects())('the write rate limit of staff on %s', (dialect) => {
  const LIMIT = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { staffWriteLimit: LIMIT });
  });
  afterAll(() => t?.close());

  it('refuses a person’s writes past the limit with 429, leaving their reads and other people alone', async () => {
    const editor = await signInAs(t, 'editor');
    const writes = [];
    for (let i = 0; i <= LIMIT; i++)
      writes.push(await editor.send('POST', '/cms/api/sliders', { title: `Slide ${i}`, status: 1 }));
    expect(writes.slice(0, LIMIT).map((res) => res.statusCode)).toEqual(Array(LIMIT).fill(201));
    const refused = writes[LIMIT]!;
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many changes/);
    expect(refused.json().errors).toHaveProperty('request');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another session of the same person shares the budget.
    const again = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: editor.email, password: editor.password },
    });
    const other = await t.app.inject({
      method: 'DELETE',
      url: `/cms/api/sliders/${writes[0]!.json().data.id}`,
      headers: { authorization: `Bearer ${again.json().token}`, app_key: APP_KEY },
    });
    expect(other.statusCode).toBe(429);
    expect((await editor.send('GET', '/cms/api/sliders')).statusCode).toBe(200);
    expect((await t.admin('POST', '/cms/api/sliders', { title: 'Mine', status: 1 })).statusCode).toBe(201);
  });
});
