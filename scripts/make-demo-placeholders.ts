/**
 * The demo images' placeholders (the blurred previews public answers carry), made as the server
 * makes them and written to src/server/db/demo/placeholders.json, which the demo seed stores beside
 * the images. Without them the server's first start made them itself, loading sharp (libvips) for
 * the demo alone, and carrying its memory for as long as the process ran.
 *
 *   npx tsx scripts/make-demo-placeholders.ts    # after changing a demo image (a test says when)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Renditions } from '../src/server/media/renditions';
import { LocalStorage } from '../src/server/storage/local';
import type { FileStorage } from '../src/server/storage/storage';

export const DEMO_IMAGES_DIR = 'src/server/db/demo/images';
export const DEMO_PLACEHOLDERS_FILE = 'src/server/db/demo/placeholders.json';

/** Each demo image's placeholder, by its name, as Renditions makes it. */
export async function makeDemoPlaceholders(): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-placeholders-'));
  const storage: FileStorage = new LocalStorage(dir);
  try {
    const renditions = new Renditions(storage);
    const made: Record<string, string> = {};
    for (const name of fs.readdirSync(DEMO_IMAGES_DIR).sort()) {
      await storage.write(name, { path: path.join(DEMO_IMAGES_DIR, name) }, 'image/webp');
      const uri = await renditions.placeholder(name);
      if (!uri) throw new Error(`No placeholder could be made for ${name}`);
      made[name] = uri;
    }
    return made;
  } finally {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const made = await makeDemoPlaceholders();
  fs.writeFileSync(DEMO_PLACEHOLDERS_FILE, `${JSON.stringify(made, null, 2)}\n`);
  console.log(`${DEMO_PLACEHOLDERS_FILE}: ${Object.keys(made).length} placeholders`);
}
