/**
 * Media on flaky connections (Chromium, real server, real files):
 * - a 20 MB upload over a 1.6 Mbit/s link that is cut twice completes, resending at most one part per cut;
 * - a photo picked for a new slide offline waits on the device through a reload, is made small,
 *   and lands with the slide once the connection returns;
 * - a focal point set by clicking in the media library frames the 320-px square around it;
 * - a new upload's last step: its tile shows the picture before the server has made its small
 *   copies, the header stops counting it once it landed, the file field is a picker, and "Keep
 *   original" sits beside its box.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/limits';
import { renditionUrl } from '../../src/shared/renditions';
import { controlledByWorker, e2eFixture, goOffline, goOnline, signedInPage, signIn, type RunningApp } from './harness';

const fixture = e2eFixture();
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-media-'));
afterAll(() => fs.rmSync(files, { recursive: true, force: true }));

interface MediaFile {
  name: string;
  original_name: string;
  size: number;
  url: string;
}
const filesNamed = async (app: RunningApp, originalName: string) =>
  (await app.api<{ files: MediaFile[] }>('GET', 'files')).body.files.filter((file) => file.original_name === originalName);

/**
 * A link between the browser and the server as a phone has it: what the browser sends goes at
 * `bytesPerSecond` and is counted, and `cut()` drops every connection at once, as a train going
 * into a tunnel does. Downloads are not slowed: the test is about what goes up.
 */
async function phoneLink(target: string, bytesPerSecond: number) {
  const { hostname, port } = new URL(target);
  const open = new Set<net.Socket>();
  let sent = 0;
  const server = net.createServer((browserSide) => {
    const serverSide = net.connect(Number(port), hostname);
    for (const socket of [browserSide, serverSide]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.on('error', () => undefined);
    }
    browserSide.on('data', (chunk) => {
      sent += chunk.length;
      serverSide.write(chunk);
      browserSide.pause();
      setTimeout(() => browserSide.resume(), (chunk.length / bytesPerSecond) * 1000);
    });
    serverSide.pipe(browserSide);
    browserSide.on('close', () => serverSide.destroy());
    serverSide.on('close', () => browserSide.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    sent: () => sent,
    resetCount: () => void (sent = 0),
    cut: () => {
      for (const socket of open) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a large upload over a link that drops', () => {
  it('completes, stores the file once, and sends at most 20 MB plus one part per cut', { timeout: 240_000 }, async () => {
    const { app, browser } = fixture;
    const size = 20 * 1024 * 1024;
    // A PDF: the server takes it by its content, and nothing on the device makes it smaller.
    const pdf = Buffer.alloc(size, 0x20);
    Buffer.from('%PDF-1.4\n%âãÏÓ\n').copy(pdf);
    Buffer.from('\n%%EOF\n').copy(pdf, size - 7);
    const file = path.join(files, 'annual-report.pdf');
    fs.writeFileSync(file, pdf);

    // 6.4 Mbit/s up, a 4G phone's: what is checked (bytes sent, one stored copy) does not depend on
    // the speed, and a slower link only makes the test longer.
    const link = await phoneLink(app.baseUrl, 800 * 1024);
    try {
      const page = await signedInPage(browser, { ...app, baseUrl: link.baseUrl });
      await page.goto(`${link.baseUrl}/admin/media`);
      await page.locator('input[type=file]').setInputFiles(file);
      link.resetCount();
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      // Cut at about a third and two thirds of the way.
      for (const share of [0.35, 0.7]) {
        await expect.poll(link.sent, { timeout: 120_000, interval: 200 }).toBeGreaterThan(size * share);
        link.cut();
      }
      await page.getByText('File uploaded successfully!').waitFor({ timeout: 150_000 });
      const sent = link.sent();
      console.log(
        `20 MB upload over 6.4 Mbit/s, cut twice: ${(sent / 1024 / 1024).toFixed(2)} MB sent (limit ${((size + 2 * LIMITS.upload.chunkBytes) / 1024 / 1024).toFixed(0)} MB)`,
      );
      expect(sent).toBeLessThanOrEqual(size + 2 * LIMITS.upload.chunkBytes);
      const stored = await filesNamed(app, 'annual-report.pdf');
      expect(stored).toHaveLength(1);
      expect(stored[0]!.size).toBe(size);
      expect(fs.readFileSync(path.join(app.dataDir, 'uploads', stored[0]!.name)).equals(pdf)).toBe(true);
      await page.context().close();
    } finally {
      await link.close();
    }
  });
});

describe('a photo picked offline', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    page = await signedInPage(fixture.browser, fixture.app);
    context = page.context();
    // Reloading offline needs the service worker and the back-office files it keeps after sign-in.
    await controlledByWorker(page);
    await page.waitForFunction(() => document.documentElement.dataset.backOffice === 'kept', null, { timeout: 45_000 });
  });
  afterEach(() => goOnline(context));

  it('waits on the device through a reload, is made small, and lands with the slide once', { timeout: 120_000 }, async () => {
    const { app } = fixture;
    // A phone's photo: 4000 × 3000, with the camera's metadata.
    const width = 4000;
    const height = 3000;
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        pixels.set([(x / width) * 255, (y / height) * 255, 128 + ((x * y) % 7)], (y * width + x) * 3);
    const photo = path.join(files, 'IMG_2041.jpg');
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .withExifMerge({ IFD0: { Make: 'PhoneCam' } })
      .toFile(photo);
    const title = `Sports day ${Date.now().toString(36)}`;

    await page.goto(`${app.baseUrl}/admin/slider/form`);
    await page.locator('[name="title"]').fill(title);
    await goOffline(context);
    await page.getByRole('button', { name: 'Select Image' }).click();
    await page.locator('input[type=file]').setInputFiles(photo);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(/Waiting for the connection\. The file is kept on this device/).waitFor();
    await page.getByRole('button', { name: 'Use it now' }).click();
    await expect.poll(() => page.locator('[name="thumb"]').inputValue()).toMatch(/^pending-upload:/);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Waiting for connection…').first().waitFor();

    await page.reload();
    await page.getByRole('button', { name: '1 upload on this device' }).waitFor();
    await goOnline(context);

    const slide = async () =>
      (
        await app.api<{ data: { data: { title: string; thumb: string }[] } }>(
          'GET',
          `sliders?size=100&search_key=${encodeURIComponent(title)}`,
        )
      ).body.data.data.filter((row) => row.title === title);
    await expect.poll(async () => (await slide())[0]?.thumb ?? '', { timeout: 60_000 }).toMatch(/^\/uploads\//);
    expect(await slide()).toHaveLength(1);
    const address = (await slide())[0]!.thumb;

    // Made small on the device: at most 2560 px, far under the original's bytes.
    const landed = await fetch(`${app.baseUrl}${address}`);
    const bytes = Buffer.from(await landed.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    console.log(
      `offline photo: ${(fs.statSync(photo).size / 1024).toFixed(0)} KB ${width}×${height} on the device, ${(bytes.length / 1024).toFixed(0)} KB ${meta.width}×${meta.height} ${meta.format} stored`,
    );
    expect(Math.max(meta.width!, meta.height!)).toBe(2560);
    expect(bytes.length).toBeLessThan(fs.statSync(photo).size / 2);
    expect(meta.exif).toBeUndefined();
    expect(await filesNamed(app, 'IMG_2041.webp')).toHaveLength(1);

    // The public home shows it.
    const home = await (await fetch(`${app.baseUrl}/`)).text();
    expect(home).toContain(address.split('/').pop()!);
  });
});

describe('the focal point', () => {
  it(
    'set by clicking the picture, keeps that side in the 320-px square, and stays when the file is replaced',
    { timeout: 60_000 },
    async () => {
      const { app, browser } = fixture;
      // Left half red, right half blue: which half a frame kept is plain to see.
      const width = 1600;
      const height = 800;
      const pixels = Buffer.alloc(width * height * 3);
      for (let i = 0; i < width * height; i++) pixels.set(i % width < width / 2 ? [220, 20, 20] : [20, 20, 220], i * 3);
      const file = path.join(files, 'halves.png');
      await sharp(pixels, { raw: { width, height, channels: 3 } })
        .png()
        .toFile(file);

      const page = await signedInPage(browser, app);
      await page.goto(`${app.baseUrl}/admin/media`);
      await page.getByLabel('Keep original').check();
      await page.locator('input[type=file]').setInputFiles(file);
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('File uploaded successfully!').waitFor();
      const picture = page.getByRole('button', { name: 'Focal point' });
      await picture.locator('img').evaluate((img: HTMLImageElement) => img.complete || new Promise((r) => (img.onload = r)));
      await picture.scrollIntoViewIfNeeded();
      const box = (await picture.boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.9, box.y + box.height * 0.5);
      // Where the click landed, to the pixel (the picture is drawn at a fractional size).
      await expect
        .poll(() => page.getByTestId('focal-point').textContent())
        .toMatch(/^At (89|90|91) % from the left, (49|50|51) % from the top$/);
      await page.getByRole('button', { name: 'Save details' }).click();
      await page.getByText('Details saved').waitFor();

      const [stored] = await filesNamed(app, 'halves.png');
      const frame = async () => {
        const res = await fetch(`${app.baseUrl}${renditionUrl(stored!.name, { width: 320, height: 320 }, 'webp')}`);
        const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
          .raw()
          .toBuffer({ resolveWithObject: true });
        let blue = 0;
        for (let i = 0; i < data.length; i += info.channels) if (data[i + 2]! > data[i]!) blue++;
        return { size: [info.width, info.height], blue: blue / (info.width * info.height) };
      };
      // All blue: the square was cut around the chosen point, not the centre (where it would be half and half).
      await expect.poll(async () => (await frame()).blue, { timeout: 20_000 }).toBe(1);
      expect((await frame()).size).toEqual([320, 320]);

      // Replaced by a new version of the picture: the old address leads to it, and the focal point stays.
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Replace file' }).click();
      await (await chooser).setFiles(file);
      await page.getByText('File replaced').waitFor({ timeout: 30_000 });
      const old = await fetch(`${app.baseUrl}/uploads/${stored!.name}`, { redirect: 'manual' });
      expect(old.status).toBe(301);
      // A new version has an address of its own; the old one is no longer listed.
      const listed = (await app.api<{ files: MediaFile[] }>('GET', 'files')).body.files;
      expect(listed.some((listedFile) => listedFile.name === stored!.name)).toBe(false);
      expect(listed.map((listedFile) => `/uploads/${listedFile.name}`)).toContain(old.headers.get('location'));
      await expect
        .poll(() => page.getByTestId('focal-point').textContent())
        .toMatch(/^At (89|90|91) % from the left, (49|50|51) % from the top$/);
      await page.context().close();
    },
  );
});

describe("a new upload's last step", () => {
  it(
    'survives a dropped answer, shows its picture at once, leaves the header count, and has a file picker and a checkbox with its label',
    { timeout: 60_000 },
    async () => {
      const { app, browser } = fixture;
      const file = path.join(files, 'tile-check.png');
      await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 140, b: 90 } } })
        .png()
        .toFile(file);
      // No service worker: the page's own requests are the ones held below.
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      await signIn(page, app);
      // The server makes a picture's small copies in the background, which may take a while: here
      // they are not answered at all until the end, so the tile cannot wait for them.
      const held: Route[] = [];
      await page.route('**/uploads/_r/**', (route) => void held.push(route));
      await page.goto(`${app.baseUrl}/admin/media`);

      // The file field: a real file input, named by its label, under a "Choose file" button, with the chosen name beside it.
      const input = page.getByLabel('File', { exact: true });
      expect(await input.getAttribute('type')).toBe('file');
      const button = page.getByText('Choose file', { exact: true });
      await button.waitFor();
      await page.getByText('No file chosen', { exact: true }).waitFor();
      const inputBox = (await input.boundingBox())!;
      const buttonBox = (await button.boundingBox())!;
      // The input lies over the button's face: a click on the button is a click on the input.
      expect(inputBox.width).toBeGreaterThan(40);
      expect(inputBox.x).toBeLessThanOrEqual(buttonBox.x);
      expect(inputBox.x + inputBox.width).toBeGreaterThanOrEqual(buttonBox.x + buttonBox.width);
      // Reachable by the keyboard: it is the stop before the Upload button.
      await page.getByRole('button', { name: 'Upload', exact: true }).focus();
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');

      // "Keep original" beside its box.
      const checkbox = page.getByRole('checkbox', { name: 'Keep original' });
      const label = page.getByText('Keep original', { exact: true });
      const boxBox = (await checkbox.boundingBox())!;
      // The words' own box: the label element may be wider than its text.
      const labelBox = await label.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const { x, y, width, height } = range.getBoundingClientRect();
        return { x, y, width, height };
      });
      const gap = labelBox.x - (boxBox.x + boxBox.width);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThan(24);
      expect(Math.abs(labelBox.y + labelBox.height / 2 - (boxBox.y + boxBox.height / 2))).toBeLessThan(12);

      // The link drops the answer to the question asked once the last part is in (what the upload
      // became): the file is whole on the server, so the upload asks again rather than failing.
      let dropped = 0;
      await page.route('**/api/tus/**', (route) =>
        route.request().method() === 'GET' && dropped++ === 0 ? route.abort('connectionreset') : route.fallback(),
      );
      await checkbox.check();
      await input.setInputFiles(file);
      await page.getByText('tile-check.png', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('File uploaded successfully!').waitFor();
      expect(dropped).toBe(2);
      expect(await filesNamed(app, 'tile-check.png')).toHaveLength(1);

      // The new tile shows the picture while its small copies are still to come, without a reload.
      const tile = page.getByRole('list', { name: 'Files' }).getByRole('button', { name: 'tile-check.png' });
      await expect
        .poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), {
          timeout: 5_000,
        })
        .toBe(640);
      // Nothing is uploading any more: the header no longer counts an upload going up.
      await expect.poll(() => page.getByText(/↑/).count(), { timeout: 2_000 }).toBe(0);
      // Chosen again after the upload: the field is empty.
      await page.getByText('No file chosen', { exact: true }).waitFor();

      await page.unroute('**/uploads/_r/**');
      for (const route of held) await route.continue().catch(() => undefined);
      await context.close();
    },
  );
});
