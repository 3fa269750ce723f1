/**
 * Every API token has an end (issue #53, M2), on both databases: a default lifetime when none is
 * asked, a maximum no request may pass, a renewal that pushes the end back (never beyond the
 * maximum from now), and migration 021 giving tokens made without an end the default one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/shared/limits';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { dialects, emptyDatabase, signInAs, startTestApp, type TestApp } from './harness';

const DAY_MS = 86_400_000;
const { defaultDays, maxDays } = LIMITS.apiToken;
/** How far `iso` is from now plus `days`, in ms (a test's own requests take a moment). */
const offFrom = (iso: string, days: number) => Math.abs(Date.parse(iso) - (Date.now() + days * DAY_MS));

describe.each(await dialects())('API token lifetimes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  type Made = { id: number; token: string; expires_at: string; status: string };
  const make = async (body: Record<string, unknown>) => {
    const answer = await t.admin('POST', '/cms/api/api-tokens', { name: 'Lifetime', ...body });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as Made;
  };
  const renew = (id: number) => t.admin('POST', `/cms/api/api-tokens/${id}/renew`);
  const setEnd = (id: number, at: number) =>
    t.app.ctx.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(at).toISOString() })
      .where('id', '=', id)
      .execute();

  it(`lasts ${defaultDays} days when no end is asked`, async () => {
    for (const body of [{}, { expires_at: null }]) {
      const made = await make(body);
      expect(offFrom(made.expires_at, defaultDays)).toBeLessThan(60_000);
      expect(made.status).toBe('active');
    }
  });

  it(`takes an end up to ${maxDays} days away, and refuses a later one naming expires_at`, async () => {
    const latest = new Date(Date.now() + maxDays * DAY_MS - 60_000).toISOString();
    expect(offFrom((await make({ expires_at: latest })).expires_at, maxDays)).toBeLessThan(120_000);
    const before = (await t.admin('GET', '/cms/api/api-tokens')).json().data.total as number;
    const tooLate = new Date(Date.now() + (maxDays + 1) * DAY_MS).toISOString();
    const refused = await t.admin('POST', '/cms/api/api-tokens', { name: 'For ever', expires_at: tooLate });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.expires_at).toMatch(new RegExp(`${maxDays} days`));
    expect((await t.admin('GET', '/cms/api/api-tokens')).json().data.total).toBe(before);
  });

  it(`renews by ${defaultDays} days, never past ${maxDays} days from now, and logs it`, async () => {
    const soon = await make({ expires_at: new Date(Date.now() + 10 * DAY_MS).toISOString() });
    const renewed = await renew(soon.id);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(offFrom(renewed.json().data.expires_at as string, 10 + defaultDays)).toBeLessThan(60_000);
    const log = (await t.admin('GET', '/cms/api/activity?entity=tokens&action=update')).json().data.data as {
      record_id: number;
      changes: Record<string, [string, string]>;
    }[];
    expect(log.find((entry) => entry.record_id === soon.id)?.changes.expires_at?.[1]).toBe(renewed.json().data.expires_at);

    const far = await make({ expires_at: new Date(Date.now() + (maxDays - 10) * DAY_MS).toISOString() });
    const capped = await renew(far.id);
    expect(capped.statusCode).toBe(200);
    expect(offFrom(capped.json().data.expires_at as string, maxDays)).toBeLessThan(60_000);
    // The token works for the renewed time.
    const used = await t.app.inject({ method: 'GET', url: '/cms/api/faqs', headers: { authorization: `Bearer ${far.token}` } });
    expect(used.statusCode).toBe(200);
  });

  it('renews only a working token, and only for an admin', async () => {
    const revoked = await make({});
    expect((await t.admin('DELETE', `/cms/api/api-tokens/${revoked.id}`)).statusCode).toBe(200);
    expect((await renew(revoked.id)).statusCode).toBe(404);
    const expired = await make({});
    await setEnd(expired.id, Date.now() - 1000);
    expect((await renew(expired.id)).statusCode).toBe(404);
    expect((await renew(999_999)).statusCode).toBe(404);

    const live = await make({ role: 'admin' });
    const editor = await signInAs(t, 'editor');
    expect((await editor.send('POST', `/cms/api/api-tokens/${live.id}/renew`)).statusCode).toBe(403);
    const byItself = await t.app.inject({
      method: 'POST',
      url: `/cms/api/api-tokens/${live.id}/renew`,
      headers: { authorization: `Bearer ${live.token}` },
    });
    expect(byItself.statusCode).toBe(403);
  });

  it('a token stored without an end (made before lifetimes) works for no one and is listed as expired', async () => {
    const made = await make({});
    await t.app.ctx.database.db.updateTable('api_tokens').set({ expires_at: null }).where('id', '=', made.id).execute();
    const used = await t.app.inject({ method: 'GET', url: '/cms/api/faqs', headers: { authorization: `Bearer ${made.token}` } });
    expect(used.statusCode).toBe(401);
    const listed = (await t.admin('GET', '/cms/api/api-tokens?size=100')).json().data.data as Made[];
    expect(listed.find((row) => row.id === made.id)?.status).toBe('expired');
  });

  it(`migration 021 gives tokens made without an end ${defaultDays} days from then, and brings later ends back to ${maxDays}`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-token-lifetimes-'));
    const target = await emptyDatabase(dialect, dir);
    const database = openDatabase(target.databaseUrl, target.pgSchema);
    try {
      await migrateToLatest(database.db, target.pgSchema, '020_embed_indexes');
      const at = new Date().toISOString();
      const db = database.db;
      await sql`insert into applications (app_key, name, created_at, updated_at) values ('x', 'X', ${at}, ${at})`.execute(db);
      await sql`insert into users (email, password, role, created_at, updated_at) values ('a@example.org', 'x', 'admin', ${at}, ${at})`.execute(
        db,
      );
      const never = null;
      const farOff = new Date(Date.now() + 1000 * DAY_MS).toISOString();
      const soon = new Date(Date.now() + DAY_MS).toISOString();
      for (const [hash, end] of [
        ['never', never],
        ['far', farOff],
        ['soon', soon],
      ] as const) {
        await sql`insert into api_tokens (app_key, name, token_hash, role, read_only, expires_at, created_by, created_at)
          values ('x', ${hash}, ${hash}, 'viewer', 0, ${end}, (select id from users), ${at})`.execute(db);
      }
      await migrateToLatest(db, target.pgSchema);
      const rows = await db.selectFrom('api_tokens').select(['name', 'expires_at']).execute();
      const endOf = (name: string) => rows.find((row) => row.name === name)!.expires_at!;
      expect(offFrom(endOf('never'), defaultDays)).toBeLessThan(60_000);
      expect(offFrom(endOf('far'), maxDays)).toBeLessThan(60_000);
      expect(endOf('soon')).toBe(soon);
    } finally {
      await database.close();
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
