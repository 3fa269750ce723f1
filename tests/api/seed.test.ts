/** First start seeds once; later starts add nothing; without a password one is generated. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createServer } from '../../src/server/bootstrap';
import { configFromEnv } from '../../src/server/config';
import { ENTITIES } from '../../src/shared/entities';

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
      expect(first.result.files).toBe(fs.readdirSync(uploads).length);
      const second = await counts(url, uploads);
      expect(second.seeded).toMatchObject({ adminCreated: false, demoSeeded: false });
      expect(second.result).toEqual(first.result);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
