#!/usr/bin/env node
/**
 * Renders the demo-content images and the brand icons from SVG illustrations in headless
 * Chromium and encodes them with the browser's own WebP/PNG encoder, so the only requirements are
 * playwright-core and /usr/bin/chromium. Each WebP is re-encoded at falling quality until it fits
 * its byte budget, which keeps the seeded demo light.
 *
 *   node scripts/make-demo-images.mjs            # everything
 *   node scripts/make-demo-images.mjs slider     # only outputs whose file name contains "slider"
 *
 * PREVIEW_DIR=<dir> also writes a PNG of each decoded result there, for looking at the output.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM } from './chromium.mjs';
import { outputs } from './demo-images/catalogue.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];
const previewDir = process.env.PREVIEW_DIR;

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  let total = 0;
  for (const out of outputs.filter((o) => !only || o.file.includes(only))) {
    const bytes = await render(page, out);
    const target = join(root, out.file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, bytes);
    total += bytes.length;
    if (previewDir) await preview(page, out, bytes);
    console.log(`${out.file.padEnd(52)} ${out.w}x${out.h} ${(bytes.length / 1024).toFixed(1)} KB`);
  }
  console.log(`total ${(total / 1024).toFixed(1)} KB`);
} finally {
  await browser.close();
}

/** Screenshots the SVG at its natural size, then lets a canvas encode it in the wanted format. */
async function render(page, { w, h, svg, format = 'webp', maxKB = 60, transparent = false }) {
  await page.setViewportSize({ width: w, height: h });
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:${transparent ? 'transparent' : '#fff'}">${svg}</body></html>`,
  );
  const png = await page.screenshot({
    type: 'png',
    omitBackground: transparent,
    clip: { x: 0, y: 0, width: w, height: h },
  });
  if (format === 'png') return png;
  const encoded = await page.evaluate(
    async ({ b64, budget }) => {
      const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
      const canvas = document.createElement('canvas');
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      canvas.getContext('2d').drawImage(bitmap, 0, 0);
      let blob;
      for (let q = 0.9; q >= 0.3; q -= 0.05) {
        blob = await new Promise((done) => canvas.toBlob(done, 'image/webp', q));
        if (blob.size <= budget) break;
      }
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      return btoa(bin);
    },
    { b64: png.toString('base64'), budget: maxKB * 1024 },
  );
  return Buffer.from(encoded, 'base64');
}

/** Decodes the encoded file in the browser and saves what a visitor would see as PNG. */
async function preview(page, { file, w, h, format = 'webp' }, bytes) {
  await page.setViewportSize({ width: w, height: h });
  await page.setContent(
    `<!doctype html><body style="margin:0;background:#ccc"><img style="display:block" src="data:image/${format};base64,${bytes.toString('base64')}"></body>`,
  );
  await page.waitForFunction(() => document.images[0]?.complete);
  await mkdir(previewDir, { recursive: true });
  await page.screenshot({ path: join(previewDir, `${file.split('/').pop()}.png`) });
}
