/**
 * A subscription sent through the site's form is marked unconfirmed (issue 53, L9): any other
 * website can make its visitors' browsers send it for an address of its choice. Staff's own are
 * confirmed, the server alone says which, the admin API and list show it, every address stored
 * before the change stays confirmed, and the public answer never tells whether an address was
 * already on the list. SQLite and PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { ENTITIES } from '../../src/shared/entities';
import { dialects, emptyDatabase, startTestApp, type TestApp } from './harness';

interface Subscriber {
  id: number;
  email: string;
  confirmation: string;
}

describe.each(await dialects())('subscriber confirmation on %s', (dialect) => {
  let t: TestApp;
  const stamp = `${dialect}-${Date.now()}`;
  const address = (name: string) => `${name}-${stamp}@example.org`;
  const stored = async (email: string) => {
    const res = await t.admin('GET', `/cms/api/subscribers?search_key=${encodeURIComponent(email)}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.data as Subscriber[]).filter((row) => row.email === email);
  };
  const subscribe = (email: string) => t.visitor('POST', '/cms/subscribers', { email });

  beforeAll(async () => {
    t = await startTestApp(dialect);
  }, 60_000);
  afterAll(() => t?.close());

  it('stores an address sent through the site’s form as pending', async () => {
    const email = address('visitor');
    expect((await subscribe(email)).statusCode).toBe(201);
    expect((await stored(email)).map((row) => row.confirmation)).toEqual(['pending']);
    const one = (await stored(email))[0]!;
    expect((await t.admin('GET', `/cms/api/subscribers/${one.id}`)).json().data.confirmation).toBe('pending');
  });

  it('stores an address staff add as confirmed, whatever the body says', async () => {
    const made = await t.admin('POST', '/cms/api/subscribers', { email: address('staff'), confirmation: 'pending' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.confirmation).toBe('confirmed');
  });

  it('lets no visitor and no staff edit say an address is confirmed', async () => {
    const email = address('self-confirmed');
    const refused = await t.visitor('POST', '/cms/subscribers', { email, confirmation: 'confirmed' });
    expect(refused.statusCode).toBe(400);
    expect(await stored(email)).toEqual([]);
    expect((await subscribe(email)).statusCode).toBe(201);
    const { id } = (await stored(email))[0]!;
    const edited = await t.admin('PUT', `/cms/api/subscribers/${id}`, { name: 'Edited', confirmation: 'confirmed' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.confirmation).toBe('pending');
  });

  it('answers a sign-up the same whether the address is new, pending, confirmed or in the Trash', async () => {
    const confirmed = address('on-the-list');
    expect((await t.admin('POST', '/cms/api/subscribers', { email: confirmed })).statusCode).toBe(201);
    const pending = address('asked-before');
    expect((await subscribe(pending)).statusCode).toBe(201);
    const trashed = address('trashed');
    const made = await t.admin('POST', '/cms/api/subscribers', { email: trashed });
    expect((await t.admin('DELETE', `/cms/api/subscribers/${made.json().data.id}`)).statusCode).toBe(200);
    const answers = await Promise.all([address('new'), pending, confirmed, trashed].map(subscribe));
    const [first, ...others] = answers.map((res) => ({
      status: res.statusCode,
      body: res.body.replace(/"email":"[^"]*"/, '"email":"…"'),
    }));
    expect(first!.status).toBe(201);
    for (const other of others) expect(other).toEqual(first);
    // What staff had confirmed stays confirmed.
    expect((await stored(confirmed)).map((row) => row.confirmation)).toEqual(['confirmed']);
  });

  it('shows the confirmation as a column of the back-office’s subscribers list', () => {
    expect(ENTITIES.subscribers.columns.map((column) => column.label)).toEqual(['Name', 'Email', 'Status', 'Confirmation']);
  });

  it('keeps every address stored before the change on the list, as confirmed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-subscribers-'));
    const target = await emptyDatabase(dialect, dir);
    const database = openDatabase(target.databaseUrl, target.pgSchema);
    try {
      await migrateToLatest(database.db, target.pgSchema, '020_embed_indexes');
      const at = new Date().toISOString();
      await sql`insert into applications (app_key, name, created_at, updated_at) values ('x', 'X', ${at}, ${at})`.execute(
        database.db,
      );
      await sql`insert into subscribers (app_key, email, status, created_at, updated_at) values ('x', 'before@example.org', 1, ${at}, ${at})`.execute(
        database.db,
      );
      await migrateToLatest(database.db, target.pgSchema);
      const rows = await database.db.selectFrom('subscribers').select(['email', 'confirmation']).execute();
      expect(rows).toEqual([{ email: 'before@example.org', confirmation: 'confirmed' }]);
    } finally {
      await database.close();
      await target.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
