/**
 * Resumable uploads (tus 1.0 at /cms/api/tus), pending references, and what the media library
 * keeps about a file (alt, caption, folder, focal point), on both databases with real files.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTIAL_DIR } from '../../src/server/media/partial-uploads';
import { LIMITS } from '../../src/shared/limits';
import { pendingRef } from '../../src/shared/pending-upload';
import { renditionUrl } from '../../src/shared/renditions';
import { APP_KEY, createOtherApplication, dialects, OTHER_APP_KEY, PNG, signInAs, startTestApp, type TestApp } from './harness';
import { metadata, noisePng, over, TUS } from './tus';

/** A picture whose left half is red and right half blue: which half a frame kept is plain to see. */
async function halvesPng(width = 1600, height = 800): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) pixels.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe.each(await dialects())('resumable uploads on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const tus = (method: string, url: string, headers: Record<string, string> = {}, payload?: Buffer, appKey = APP_KEY) =>
    over(base, method, url, { authorization: `Bearer ${t.token}`, app_key: appKey, ...TUS, ...headers }, payload);
  /** Starts an upload of `size` bytes; the address its parts go to. */
  const create = async (size: number, fields: Record<string, string> = { filename: 'photo.png' }, appKey = APP_KEY) => {
    const res = await tus(
      'POST',
      '/cms/api/tus',
      { 'upload-length': String(size), 'upload-metadata': metadata(fields) },
      undefined,
      appKey,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers.location).toMatch(/^\/cms\/api\/tus\/[a-f0-9]{32}$/);
    return res.headers.location as string;
  };
  const append = (at: string, offset: number, bytes: Buffer, appKey = APP_KEY) =>
    tus('PATCH', at, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, bytes, appKey);
  const offsetOf = async (at: string) => {
    const res = await tus('HEAD', at);
    expect(res.statusCode).toBe(200);
    return Number(res.headers['upload-offset']);
  };
  const filesNamed = async (name: string) =>
    (await t.admin('GET', '/cms/api/files')).json().files.filter((file: { name: string }) => file.name === name).length;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('takes a file in parts, says how much arrived, and stores the whole once, as upload-single would', async () => {
    const photo = await noisePng(2);
    const at = await create(photo.length, { filename: 'Open Day.png' });
    expect(await offsetOf(at)).toBe(0);
    const half = Math.floor(photo.length / 2);
    expect((await append(at, 0, photo.subarray(0, half))).statusCode).toBe(204);
    // The link dropped here: the client asks where to carry on, and sends only the rest.
    expect(await offsetOf(at)).toBe(half);
    // The last part is answered as every part is (tus 1.0: 204, no body); the upload's own address says what it became.
    const last = await append(at, half, photo.subarray(half));
    expect(last.statusCode, last.body).toBe(204);
    expect(last.body).toBe('');
    expect(last.headers['upload-offset']).toBe(String(photo.length));
    const became = await t.admin('GET', at);
    expect(became.statusCode, became.body).toBe(200);
    const { name, url, mime, size } = became.json().data;
    expect(name).toMatch(/^open-day-[0-9a-f]{10}\.png$/);
    expect({ url, mime, size }).toEqual({ url: `/uploads/${name}`, mime: 'image/png', size: photo.length });
    expect(fs.readFileSync(path.join(t.config.uploadDir, name))).toEqual(photo);
    // A client whose last answer was lost learns what the upload became, and nothing is stored twice.
    expect(await offsetOf(at)).toBe(photo.length);
    const again = await t.admin('GET', at);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.name).toBe(name);
    expect(await filesNamed(name)).toBe(1);
    const activity = await t.admin('GET', '/cms/api/activity?entity=files');
    expect(JSON.stringify(activity.json())).toContain(name);
  });

  it('a part sent at the wrong offset is refused (409) and changes nothing', async () => {
    const at = await create(PNG.length);
    const res = await append(at, 5, PNG.subarray(5));
    expect(res.statusCode).toBe(409);
    expect(await offsetOf(at)).toBe(0);
  });

  it('asks for a token and the right to upload, like every admin route', async () => {
    const anonymous = await over(base, 'POST', '/cms/api/tus', { app_key: APP_KEY, ...TUS, 'upload-length': '10' });
    expect(anonymous.statusCode).toBe(401);
    const viewer = await signInAs(t, 'viewer');
    const refused = await viewer.send('POST', '/cms/api/tus', undefined, {
      ...TUS,
      'upload-length': '10',
      'upload-metadata': metadata({ filename: 'a.png' }),
    });
    expect(refused.statusCode).toBe(403);
    const author = await signInAs(t, 'author');
    const allowed = await author.send('POST', '/cms/api/tus', undefined, {
      ...TUS,
      'upload-length': '10',
      'upload-metadata': metadata({ filename: 'a.png' }),
    });
    expect(allowed.statusCode).toBe(201);
  });

  it('keeps each site’s uploads to itself: another site’s key finds no such upload', async () => {
    const at = await create(PNG.length);
    const head = await tus('HEAD', at, {}, undefined, OTHER_APP_KEY);
    expect(head.statusCode).toBe(404);
    const patch = await append(at, 0, PNG, OTHER_APP_KEY);
    expect(patch.statusCode).toBe(404);
    expect((await t.admin('GET', at, undefined, { app_key: OTHER_APP_KEY })).statusCode).toBe(404);
    expect(await offsetOf(at)).toBe(0);
  });

  it('refuses what it will not keep, with the field it is about: too large, no size, no name', async () => {
    const tooLarge = await tus('POST', '/cms/api/tus', {
      'upload-length': String(LIMITS.upload.resumableMaxBytes + 1),
      'upload-metadata': metadata({ filename: 'huge.png' }),
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: 'The file is larger than 50 MB', errors: { file: expect.any(String) } });
    const deferred = await tus('POST', '/cms/api/tus', {
      'upload-defer-length': '1',
      'upload-metadata': metadata({ filename: 'a.png' }),
    });
    expect(deferred.statusCode).toBe(400);
    expect(deferred.json().errors).toHaveProperty('Upload-Length');
    const nameless = await tus('POST', '/cms/api/tus', { 'upload-length': '10' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors).toHaveProperty('filename');
    const badToken = await tus('POST', '/cms/api/tus', {
      'upload-length': '10',
      'upload-metadata': metadata({ filename: 'a.png', pending: 'x' }),
    });
    expect(badToken.statusCode).toBe(400);
    expect(badToken.json().errors).toHaveProperty('pending');
  });

  it('reads the type of the assembled file: text named .png is refused whole and nothing is kept', async () => {
    const fake = Buffer.from('<?php echo "hi"; ?>'.repeat(Math.ceil((LIMITS.upload.minPartBytes * 1.5) / 19)));
    const at = await create(fake.length, { filename: 'evil.png' });
    const first = LIMITS.upload.minPartBytes;
    expect((await append(at, 0, fake.subarray(0, first))).statusCode).toBe(204);
    const last = await append(at, first, fake.subarray(first));
    expect(last.statusCode).toBe(415);
    expect(last.json().errors).toHaveProperty('file');
    const id = at.split('/').pop()!;
    expect(fs.existsSync(path.join(t.config.uploadDir, PARTIAL_DIR, id))).toBe(false);
    expect((await tus('HEAD', at)).statusCode).toBe(404);
  });

  it('removes an upload left for a day, and says so when it is resumed', async () => {
    const at = await create(PNG.length);
    const id = at.split('/').pop()!;
    const info = path.join(t.config.uploadDir, PARTIAL_DIR, `${id}.json`);
    const kept = JSON.parse(fs.readFileSync(info, 'utf8'));
    fs.writeFileSync(info, JSON.stringify({ ...kept, creation_date: new Date(Date.now() - 25 * 3600_000).toISOString() }));
    const fresh = await create(PNG.length);
    await t.app.ctx.partialUploads.deleteExpired();
    expect(fs.existsSync(path.join(t.config.uploadDir, PARTIAL_DIR, id))).toBe(false);
    expect(fs.existsSync(info)).toBe(false);
    expect((await tus('HEAD', at)).statusCode).toBe(404);
    expect(await offsetOf(fresh)).toBe(0);
  });
});

describe.each(await dialects())('pending references on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  const uploadWhole = async (bytes: Buffer, token: string) => {
    const headers = { authorization: `Bearer ${t.token}`, app_key: APP_KEY, ...TUS };
    const created = await over(base, 'POST', '/cms/api/tus', {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': metadata({ filename: 'slide.png', pending: token }),
    });
    const res = await over(
      base,
      'PATCH',
      created.headers.location!,
      { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      bytes,
    );
    expect(res.statusCode, res.body).toBe(204);
    const became = await t.admin('GET', created.headers.location!);
    expect(became.statusCode, became.body).toBe(200);
    return became.json().data.url as string;
  };
  const publicSlide = async (id: number) =>
    (await t.visitor('GET', '/cms/sliders')).json().data.data.find((slide: { id: number }) => slide.id === id);

  it('a record saved before its picture landed gets the address when it lands, as its saver’s next version', async () => {
    const token = crypto.randomUUID();
    const saved = await t.admin('POST', '/cms/api/sliders', { title: 'Sports day', status: 1, thumb: pendingRef(token) });
    expect(saved.statusCode, saved.body).toBe(201);
    const { id, version } = saved.json().data;
    // Until then the public site shows no picture rather than a broken one.
    expect((await publicSlide(id)).thumb).toBe('');
    const url = await uploadWhole(await halvesPng(200, 100), token);
    const stored = (await t.admin('GET', `/cms/api/sliders/${id}`)).json().data;
    expect(stored).toMatchObject({ thumb: url, version: version + 1 });
    expect((await publicSlide(id)).thumb).toBe(url);
  });

  it('a save that arrives after its picture landed stores the address', async () => {
    const token = crypto.randomUUID();
    const url = await uploadWhole(await halvesPng(200, 100), token);
    const saved = await t.admin('POST', '/cms/api/sliders', { title: 'Late save', status: 1, thumb: pendingRef(token) });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().data.thumb).toBe(url);
  });

  it('only a picture field takes a pending reference; a link does not', async () => {
    const res = await t.admin('POST', '/cms/api/sliders', { title: 'x', link_url: pendingRef(crypto.randomUUID()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('link_url');
  });
});

describe.each(await dialects())('what the media library keeps about a file on %s', (dialect) => {
  let t: TestApp;
  let name: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const form = (await import('./harness')).multipart('halves.png', await halvesPng());
    const res = await t.admin('POST', '/cms/api/upload-single', form.body, form.headers);
    name = res.json().data.name;
    await t.app.ctx.renditions.idle();
  });
  afterAll(() => t?.close());

  /** The share of blue in the middle of a 320 × 320 frame: 1 when it kept the right half, 0 the left. */
  const blueInFrame = async () => {
    const frame = await t.app.inject({ method: 'GET', url: renditionUrl(name, { width: 320, height: 320 }, 'webp') });
    expect(frame.statusCode).toBe(200);
    const { data, info } = await sharp(frame.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([320, 320]);
    let blue = 0;
    for (let i = 0; i < data.length; i += info.channels) if (data[i + 2]! > data[i]!) blue++;
    return blue / (info.width * info.height);
  };

  it('keeps alt text, caption and folder, lists them, and filters by folder', async () => {
    const res = await t.admin('PATCH', `/cms/api/files/${name}`, {
      alt: ' Two colours ',
      caption: 'Red and blue',
      folder: 'Banners',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ alt: 'Two colours', caption: 'Red and blue', folder: 'Banners' });
    const banners = (await t.admin('GET', '/cms/api/files?folder=Banners')).json().files;
    expect(banners.map((file: { name: string }) => file.name)).toEqual([name]);
    const none = (await t.admin('GET', '/cms/api/files?folder=')).json().files;
    expect(none.some((file: { name: string }) => file.name === name)).toBe(false);
  });

  it('frames around the focal point: the 320-px square keeps the chosen side, and moving the point remakes it', async () => {
    expect(await blueInFrame()).toBeCloseTo(0.5, 1); // the centre: half of each
    const right = await t.admin('PATCH', `/cms/api/files/${name}`, { focal: { x: 0.95, y: 0.5 } });
    expect(right.statusCode).toBe(200);
    await t.app.ctx.renditions.idle();
    expect(await blueInFrame()).toBe(1);
    await t.admin('PATCH', `/cms/api/files/${name}`, { focal: { x: 0.05, y: 0.5 } });
    await t.app.ctx.renditions.idle();
    expect(await blueInFrame()).toBe(0);
  });

  it('gives public answers the focal point as object-position', async () => {
    await t.admin('PATCH', `/cms/api/files/${name}`, { focal: { x: 0.25, y: 0.75 } });
    const slide = await t.admin('POST', '/cms/api/sliders', { title: 'Framed', status: 1, thumb: `/uploads/${name}` });
    const shown = (await t.visitor('GET', '/cms/sliders'))
      .json()
      .data.data.find((s: { id: number }) => s.id === slide.json().data.id);
    expect(shown.focal_points).toEqual({ [`/uploads/${name}`]: '25% 75%' });
  });

  it('refuses a bad description with the field it is about, and an unknown file with 404', async () => {
    const outside = await t.admin('PATCH', `/cms/api/files/${name}`, { focal: { x: 1.5, y: 0.5 } });
    expect(outside.statusCode).toBe(400);
    expect(JSON.stringify(outside.json().errors)).toContain('focal.x');
    const unknown = await t.admin('PATCH', `/cms/api/files/${name}`, { colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect((await t.admin('PATCH', '/cms/api/files/missing-0123456789.png', { alt: 'x' })).statusCode).toBe(404);
    const viewer = await signInAs(t, 'viewer');
    expect((await viewer.send('PATCH', `/cms/api/files/${name}`, { alt: 'x' })).statusCode).toBe(403);
  });
});

describe.each(await dialects())('replacing a file on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  /**
   * Uploads `bytes` in one part, with `fields` as metadata, as `token`'s holder: what the upload
   * became (GET /tus/{id}), or the refusal of the request that failed.
   */
  const upload = async (bytes: Buffer, fields: Record<string, string>, token = t.token) => {
    const headers = { authorization: `Bearer ${token}`, app_key: APP_KEY, ...TUS };
    const created = await over(base, 'POST', '/cms/api/tus', {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': metadata(fields),
    });
    if (created.statusCode !== 201) return created;
    const at = created.headers.location!;
    const sent = await over(
      base,
      'PATCH',
      at,
      { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      bytes,
    );
    if (sent.statusCode !== 204) return sent;
    return over(base, 'GET', at, headers);
  };

  it('gives records the new picture under a new address, keeps its description, and redirects the old address', async () => {
    const first = await upload(await halvesPng(400, 200), { filename: 'team.png' });
    const old = first.json().data.name as string;
    await t.admin('PATCH', `/cms/api/files/${old}`, { alt: 'The team', folder: 'People', focal: { x: 0.2, y: 0.3 } });
    const slide = (await t.admin('POST', '/cms/api/sliders', { title: 'Team', status: 1, thumb: `/uploads/${old}` })).json().data;

    const replaced = await upload(await halvesPng(600, 300), { filename: 'team-2026.png', replaces: old });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const name = replaced.json().data.name as string;
    expect(name).not.toBe(old);
    // The record shows the new picture at once, as the version it was (an outbox save of it does not conflict).
    expect((await t.admin('GET', `/cms/api/sliders/${slide.id}`)).json().data).toMatchObject({
      thumb: `/uploads/${name}`,
      version: slide.version,
    });
    const listed = (await t.admin('GET', '/cms/api/files')).json().files as { name: string }[];
    expect(listed.some((file) => file.name === old)).toBe(false);
    expect(listed.find((file) => file.name === name)).toMatchObject({
      alt: 'The team',
      folder: 'People',
      focal_x: 0.2,
      focal_y: 0.3,
    });
    // The old address, and each of its renditions, leads to the new one.
    const original = await t.app.inject({ method: 'GET', url: `/uploads/${old}` });
    expect(original.statusCode).toBe(301);
    expect(original.headers.location).toBe(`/uploads/${name}`);
    const rendition = await t.app.inject({ method: 'GET', url: renditionUrl(old, 640, 'webp') });
    expect(rendition.statusCode).toBe(301);
    expect(rendition.headers.location).toBe(renditionUrl(name, 640, 'webp'));
    expect(fs.existsSync(path.join(t.config.uploadDir, old))).toBe(false);
  });

  it('deleting the replacement ends the old address too', async () => {
    const old = (await upload(PNG, { filename: 'flyer.png' })).json().data.name as string;
    const name = (await upload(PNG, { filename: 'flyer-2.png', replaces: old })).json().data.name as string;
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${old}` })).statusCode).toBe(301);
    expect((await t.admin('DELETE', `/cms/api/delete-file/${name}`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${old}` })).statusCode).toBe(404);
  });

  it('needs the right to change files, and a file of the site to replace', async () => {
    const first = await upload(PNG, { filename: 'logo.png' });
    const old = first.json().data.name as string;
    const author = await signInAs(t, 'author');
    const refused = await upload(PNG, { filename: 'logo.png', replaces: old }, author.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors).toHaveProperty('replaces');
    const unknown = await upload(PNG, { filename: 'logo.png', replaces: 'missing-0123456789.png' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errors).toHaveProperty('replaces');
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${old}` })).statusCode).toBe(200);
  });
});
