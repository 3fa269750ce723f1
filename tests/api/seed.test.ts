/** First start seeds once; later starts add nothing; without a password one is generated. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createServer } from '../../src/server/bootstrap';
import { configFromEnv } from '../../src/server/config';
import { ENTITIES } from '../../src/shared/entities';
import { placeholderKey } from '../../src/server/media/renditions';
import { DEMO_PLACEHOLDERS_FILE, makeDemoPlaceholders } from '../../scripts/make-demo-placeholders';

async function counts(databaseUrl: string, uploadDir: string, adminPassword?: string) {
  const config = { ...configFromEnv({}), databaseUrl, uploadDir, adminPassword, staticDir: '/nonexistent' };
  const { app, seeded } = await createServer(config, { logger: false });
  // Every table, addressed by name: the typed interface is not needed to count rows.
  const db = app.ctx.database.db as unknown as Kysely<Record<string, { id: number }>>;
  const result: Record<string, number> = {};
  for (const def of [...Object.values(ENTITIES), { table: 'files' }]) {
    const { n } = (await db
      .selectFrom(def.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()) as { n: number };
    result[def.table] = Number(n);
  }
  await app.close();
  return { result, seeded };
}

describe('first-start seed', () => {
  it('seeds the demo site and an admin once; a second start adds nothing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-seed-'));
    const url = `sqlite:${path.join(dir, 'site.db')}`;
    const uploads = path.join(dir, 'uploads');
    try {
      const first = await counts(url, uploads);
      expect(first.seeded).toMatchObject({ adminCreated: true, demoSeeded: true });
      expect(first.seeded.generatedPassword).toMatch(/^[\w-]{12,}$/);
      expect(first.result.applications).toBe(1);
      expect(first.result.users).toBe(1);
      const images = fs.readdirSync(uploads).filter((name) => name.endsWith('.webp'));
      expect(first.result.files).toBe(images.length);
      // Each picture has the placeholder an upload would have had, so no page read has to make one.
      for (const name of images) expect(fs.existsSync(path.join(uploads, placeholderKey(name)))).toBe(true);
      const second = await counts(url, uploads);
      expect(second.seeded).toMatchObject({ adminCreated: false, demoSeeded: false });
      expect(second.result).toEqual(first.result);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the demo placeholders', () => {
  it('are the ones the server makes from the demo images (npx tsx scripts/make-demo-placeholders.ts after changing one)', async () => {
    const committed = JSON.parse(fs.readFileSync(DEMO_PLACEHOLDERS_FILE, 'utf8')) as Record<string, string>;
    expect(committed).toEqual(await makeDemoPlaceholders());
  });
});
