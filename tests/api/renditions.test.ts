/**
 * Renditions of uploaded pictures (shared/renditions.ts): made with sharp at upload and on first
 * request, never wider than the original, refused for what they are not, removed with the file.
 * Their placeholders travel in public answers (media/placeholders.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RENDITIONS_DIR, renditionUrl } from '../../src/shared/renditions';
import { dialects, multipart, startTestApp, type TestApp } from './harness';

/** A 2400×1200 photo-like PNG (a gradient with noise), about 1 MB: what staff upload from a camera. */
async function photoPng(): Promise<Buffer> {
  const width = 2400;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i % (width * 3)) / 12 + ((i * 7919) % 23)) & 0xff;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** A PNG whose header claims 30,000 × 30,000 pixels (900 million): decoding it would take gigabytes. */
function pngClaiming(original: Buffer, width: number, height: number): Buffer {
  const png = Buffer.from(original);
  // IHDR's data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type and data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The renditions and placeholder of `name` in the storage (a local folder here). */
function madeFor(t: TestApp, name: string): string[] {
  const dir = path.join(t.config.uploadDir, RENDITIONS_DIR);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => ['avif', 'webp', 'txt'].some((ext) => file.endsWith(`/${name}.${ext}`)));
}
/** A bound on the wait for what the server makes in the background, asked again until then. */
const POLL = { timeout: 100_000, interval: 100 };

describe.each(await dialects())('renditions on %s', (dialect) => {
  let t: TestApp;
  let photo: Buffer;
  const upload = async (filename: string, content: Buffer) => {
    const form = multipart(filename, content);
    const res = await t.admin('POST', '/cms/api/upload-single', form.body, form.headers);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.name as string;
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    photo = await photoPng();
  });
  afterAll(() => t?.close());

  it('an upload gets every width in AVIF and WebP, each far smaller than the original', async () => {
    const name = await upload('camera.png', photo);
    // Made in the background right after the upload, with nobody asking for them: 5 widths and 2
    // frames in 2 formats, and the placeholder.
    await expect.poll(() => madeFor(t, name).length, POLL).toBe(15);

    for (const [width, format] of [
      [640, 'avif'],
      [640, 'webp'],
      [1920, 'avif'],
      [320, 'webp'],
    ] as const) {
      const res = await get(renditionUrl(name, width, format));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(`image/${format}`);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.width).toBe(width);
      expect(meta.height).toBe(width / 2); // the proportions are kept
      expect(res.rawPayload.length).toBeLessThan(photo.length / 5);
    }
    // What a phone loads for a full-width picture stays well under 100 KB.
    expect((await get(renditionUrl(name, 640, 'avif'))).rawPayload.length).toBeLessThan(100_000);
    // The original is kept as uploaded.
    expect((await get(`/uploads/${name}`)).rawPayload).toEqual(photo);
  }, 120_000);

  it('a picture never grows: a rendition wider than the original has the original width', async () => {
    const small = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const name = await upload('small.jpg', small);
    const res = await get(renditionUrl(name, 1280, 'webp'));
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(300);
  });

  it('an original nobody prepared (a restored backup, an import; here the demo with its preparation off) gets each on the first request', async () => {
    const seeded = 'slider-1.webp';
    expect(fs.existsSync(path.join(t.config.uploadDir, seeded))).toBe(true);
    const target = path.join(t.config.uploadDir, RENDITIONS_DIR, '320', `${seeded}.avif`);
    expect(fs.existsSync(target)).toBe(false);
    // Asked for twice at once, it is made once and both answers are the same picture.
    const [first, second] = await Promise.all([get(renditionUrl(seeded, 320, 'avif')), get(renditionUrl(seeded, 320, 'avif'))]);
    expect(first.statusCode).toBe(200);
    expect(second.rawPayload).toEqual(first.rawPayload);
    expect(fs.existsSync(target)).toBe(true);
    expect((await sharp(first.rawPayload).metadata()).width).toBe(320);
  });

  it.each([
    ['a width we do not make', renditionUrl('slider-1.webp', 500, 'webp')],
    ['a format we do not make', '/uploads/_r/640/slider-1.webp.png'],
    ['a GIF (it may be animated)', renditionUrl('anim.gif', 640, 'webp')],
    ['a name outside the upload folder', '/uploads/_r/640/..%2F..%2Fpackage.json.webp'],
    ['a file that is not there', renditionUrl('missing-0123456789.png', 640, 'webp')],
  ])('%s: 404, nothing made', async (_, url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(fs.existsSync(path.resolve('package.json.webp'))).toBe(false);
  });

  it('a picture sharp cannot read, or one that claims 900 million pixels, is sent as the original instead', async () => {
    const bomb = await upload('bomb.png', pngClaiming(await sharp(photo).resize(64).png().toBuffer(), 30_000, 30_000));
    const started = Date.now();
    const res = await get(renditionUrl(bomb, 640, 'webp'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/uploads/${bomb}`);
    expect(Date.now() - started).toBeLessThan(5_000); // refused from the header, not decoded
    expect(fs.existsSync(path.join(t.config.uploadDir, RENDITIONS_DIR, '640', `${bomb}.webp`))).toBe(false);
  });

  it('deleting a file deletes its renditions', async () => {
    const name = await upload('short-lived.png', photo);
    await t.app.ctx.renditions.idle();
    const ofFile = () =>
      fs
        .readdirSync(path.join(t.config.uploadDir, RENDITIONS_DIR), { recursive: true })
        .filter((file) => String(file).includes(name));
    expect(ofFile().length).toBe(15);
    expect(await t.app.ctx.renditions.placeholder(name)).toMatch(/^data:image\/webp;base64,/);
    expect((await t.admin('DELETE', `/cms/api/delete-file/${name}`)).statusCode).toBe(200);
    expect(ofFile()).toEqual([]);
    expect(await t.app.ctx.renditions.placeholder(name)).toBeUndefined();
  });

  it('a public answer carries the placeholder of each uploaded picture it names: a tiny preview of it, inline', async () => {
    const name = await upload('placeholder.png', photo);
    const address = `/uploads/${name}`;
    const created = await t.admin('POST', '/cms/api/sliders', { title: 'With a preview', thumb: address, status: 1 });
    expect(created.statusCode, created.body).toBe(201);
    const slide = (await t.visitor('GET', '/cms/sliders'))
      .json()
      .data.data.find((s: { title: string }) => s.title === 'With a preview');
    expect(Object.keys(slide.placeholders)).toEqual([address]);
    const uri: string = slide.placeholders[address];
    expect(uri.length).toBeLessThan(400);
    const [, base64 = ''] = /^data:image\/webp;base64,(.+)$/.exec(uri) ?? [];
    const preview = await sharp(Buffer.from(base64, 'base64')).metadata();
    expect(preview.format).toBe('webp');
    expect([preview.width, preview.height]).toEqual([12, 6]); // the picture's proportions, 12 px wide
    // Admin answers are for editing: they name no placeholders.
    const admin = await t.admin('GET', `/cms/api/sliders/${created.json().data.id}`);
    expect(admin.json().data.placeholders).toBeUndefined();
  });

  it('nested records (the sections of a page and their widgets) get theirs too; an address with no picture gets none', async () => {
    const name = await upload('nested.png', photo);
    const page = await t.admin('POST', '/cms/api/pages', { title: 'Pictures within', slug: 'pictures-within', status: 1 });
    expect(page.statusCode, page.body).toBe(201);
    const section = await t.admin('POST', '/cms/api/sections', {
      title: 'A section',
      page_id: page.json().data.id,
      thumb: `/uploads/${name}`,
      status: 1,
    });
    expect(section.statusCode, section.body).toBe(201);
    const widget = await t.admin('POST', '/cms/api/widgets', {
      title: 'A widget',
      section_id: section.json().data.id,
      thumb: '/uploads/never-uploaded-0123.png',
      status: 1,
    });
    expect(widget.statusCode, widget.body).toBe(201);
    const answer = (await t.visitor('GET', '/cms/pages/pictures-within')).json().data;
    expect(answer.placeholders).toBeUndefined();
    const [shown] = answer.sections;
    expect(shown.placeholders[`/uploads/${name}`]).toMatch(/^data:image\/webp;base64,/);
    expect(shown.widgets[0].thumb).toBe('/uploads/never-uploaded-0123.png');
    expect(shown.widgets[0].placeholders).toBeUndefined();
  });
});

describe.each(await dialects())('the demo’s renditions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { prepareDemoRenditions: true });
  }, 60_000);
  afterAll(() => t?.close());

  it('are made in the background once seeded, and a picture someone asks for goes first', async () => {
    const images = fs
      .readdirSync(path.join(t.config.uploadDir))
      .filter((file) => file.endsWith('.webp'))
      .sort();
    expect(images.length).toBeGreaterThan(10);
    // The last in line, asked for now: answered without waiting for the pictures queued before it.
    const last = images.at(-1)!;
    const asked = await t.app.inject({ method: 'GET', url: renditionUrl(last, 640, 'avif') });
    expect(asked.statusCode).toBe(200);
    expect(madeFor(t, last).filter((file) => String(file).endsWith('.avif'))).toHaveLength(1);
    // The first in line gets all of its own with no request for any of them.
    await expect.poll(() => madeFor(t, images[0]!).length, POLL).toBe(15);
  }, 120_000);
});
