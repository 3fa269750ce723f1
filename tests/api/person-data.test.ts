/**
 * A person's data by email address (issue 59): an admin exports everything held about it and
 * erases it, on every site and from the Trash, in one go; the activity log keeps the counts, not
 * the address; and a backup made before the erasure, restored later, does not bring it back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/bootstrap';
import { runCli } from '../../src/server/cli';
import { openDatabase } from '../../src/server/db/database';
import { unsubscribeUrl } from '../../src/server/mail/subscriber-mail';
import { APP_KEY, dialects, emptyDatabase, orgsite, signInAs, startTestApp, type TestApp } from './harness';

const available = await dialects();

describe.each(available)('a person’s data on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  const saved = { ...process.env };
  const stamp = `${dialect}-${Date.now()}`;
  const address = (name: string) => `${name}-${stamp}@example.org`;
  const db = () => t.app.ctx.database.db;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'orgsite-person-data-'));
    // The command line works on the test's database, with its key and erasures file.
    Object.assign(process.env, {
      DATABASE_URL: t.config.databaseUrl,
      DATABASE_SCHEMA: t.config.pgSchema ?? '',
      UPLOAD_DIR: t.config.uploadDir,
      SECRET_KEY: t.config.secretKey,
      ERASURES_FILE: t.config.erasuresFile,
    });
  });
  afterAll(async () => {
    process.env = saved;
    fs.rmSync(dir, { recursive: true, force: true });
    await t?.close();
  });

  /** A subscriber (with a confirmation link) and two messages, one of them in the Trash. */
  async function holdingsOf(email: string) {
    const made = await t.admin('POST', '/cms/api/subscribers', { email, name: 'Rahima' });
    expect(made.statusCode, made.body).toBe(201);
    const subscriber = made.json().data as { id: number };
    await db()
      .insertInto('subscriber_confirmations')
      .values({
        token_hash: `hash-${email}`,
        app_key: APP_KEY,
        subscriber_id: subscriber.id,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        used_at: null,
      })
      .execute();
    const ids: number[] = [];
    for (const text of ['First question', 'Second question']) {
      // Written as its owner might type it: the case differs.
      const sent = await t.visitor('POST', '/cms/messages', { name: 'Rahima', email: email.toUpperCase(), message: text });
      expect(sent.statusCode, sent.body).toBe(201);
      ids.push(sent.json().data.id as number);
    }
    expect((await t.admin('DELETE', `/cms/api/messages/${ids[1]}`)).statusCode).toBe(200);
    return { subscriber, messages: ids };
  }

  const count = async (table: 'subscribers' | 'messages', email: string) =>
    (await db().selectFrom(table).select('id').where('email', 'in', [email, email.toUpperCase()]).execute()).length;

  it('exports the subscription and both messages of an address, and nothing of another', async () => {
    const email = address('export');
    await holdingsOf(email);
    await holdingsOf(address('someone-else'));
    const res = await t.admin('GET', `/cms/api/people/export?email=${encodeURIComponent(` ${email.toUpperCase()} `)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json().data;
    expect(data.email).toBe(email);
    expect(data.subscriptions).toHaveLength(1);
    expect(data.subscriptions[0]).toMatchObject({ email, site: APP_KEY, status: 'confirmed', in_trash: false, name: 'Rahima' });
    expect(data.subscriptions[0].subscribed_at).toEqual(expect.any(String));
    expect(data.subscriptions[0].confirmation_links).toHaveLength(1);
    expect(data.messages.map((m: { message: string; in_trash: boolean }) => [m.message, m.in_trash])).toEqual([
      ['First question', false],
      ['Second question', true],
    ]);
    expect(data.staff_account).toBe(false);
    expect(JSON.stringify(data)).not.toContain('someone-else');
  });

  it('erases them all, from the Trash too, and logs the counts without the address', async () => {
    const email = address('erase');
    const other = address('kept');
    const { subscriber } = await holdingsOf(email);
    await holdingsOf(other);
    const res = await t.admin('POST', '/cms/api/people/erase', { email: email.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ subscriptions: 1, messages: 2, form_entries: 0 });
    expect(await count('subscribers', email)).toBe(0);
    expect(await count('messages', email)).toBe(0);
    const links = await db()
      .selectFrom('subscriber_confirmations')
      .select('token_hash')
      .where('subscriber_id', '=', subscriber.id)
      .execute();
    expect(links).toEqual([]);
    // Another person's are untouched.
    expect(await count('subscribers', other)).toBe(1);
    expect(await count('messages', other)).toBe(2);
    const exported = (await t.admin('GET', `/cms/api/people/export?email=${encodeURIComponent(email)}`)).json().data;
    expect([exported.subscriptions, exported.messages]).toEqual([[], []]);
    // The list's count follows at once.
    const listed = (await t.admin('GET', `/cms/api/subscribers?search_key=${encodeURIComponent(email)}`)).json().data;
    expect(listed.total).toBe(0);

    const log = (await t.admin('GET', '/cms/api/activity?size=5')).json().data.data as { action: string; changes: unknown }[];
    const entry = log.find((row) => row.action === 'person-erase');
    expect(entry?.changes).toEqual({ subscriptions: [1, 0], messages: [2, 0], form_entries: [0, 0] });
    const everything = await db().selectFrom('activity').selectAll().execute();
    expect(JSON.stringify(everything).toLowerCase()).not.toContain(email);
    // Only a keyed hash of the address is kept.
    const hashes = await db().selectFrom('erased_people').selectAll().execute();
    expect(JSON.stringify(hashes).toLowerCase()).not.toContain(email);
    expect(fs.readFileSync(t.config.erasuresFile, 'utf8')).not.toContain(email);
  });

  it('refuses an address that is not one with a 400 naming email, and stores nothing', async () => {
    for (const bad of ['not-an-address', '', 'a@', 'x'.repeat(300) + '@example.org']) {
      const erase = await t.admin('POST', '/cms/api/people/erase', { email: bad });
      expect(erase.statusCode, bad).toBe(400);
      expect(erase.json().errors).toHaveProperty('email');
      const read = await t.admin('GET', `/cms/api/people/export?email=${encodeURIComponent(bad)}`);
      expect(read.statusCode, bad).toBe(400);
      expect(read.json().errors).toHaveProperty('email');
    }
    expect((await t.admin('POST', '/cms/api/people/erase', {})).json().errors).toHaveProperty('email');
    expect((await t.admin('GET', '/cms/api/people/export')).statusCode).toBe(400);
    const log = (await t.admin('GET', '/cms/api/activity?size=50')).json().data.data as { action: string }[];
    expect(log.filter((row) => row.action === 'person-erase')).toHaveLength(1);
  });

  it('refuses an editor: 403, nothing erased', async () => {
    const email = address('editor-tries');
    await holdingsOf(email);
    const editor = await signInAs(t, 'editor');
    expect((await editor.send('GET', `/cms/api/people/export?email=${encodeURIComponent(email)}`)).statusCode).toBe(403);
    expect((await editor.send('POST', '/cms/api/people/erase', { email })).statusCode).toBe(403);
    expect(await count('subscribers', email)).toBe(1);
    expect(await count('messages', email)).toBe(2);
  });

  it('shows the subscriber, on the page their own link opens, what is held about their subscription', async () => {
    const email = address('self');
    const { subscriber } = await holdingsOf(email);
    const who = (await t.app.ctx.services.subscribers.repo.get(null, subscriber.id))!;
    const link = new URL(unsubscribeUrl(t.app.ctx, 'http://localhost', who as never));
    const page = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('What we hold about your subscription');
    expect(page.body).toContain(`<dt>Address</dt><dd>${email}</dd>`);
    expect(page.body).toContain('<dt>Status</dt><dd>Confirmed</dd>');
    expect(page.body).toMatch(/<dt>Subscribed since<\/dt><dd>\w+ \d+, \d{4}<\/dd>/);
    expect(page.body).toContain('<dt>Language of your mail</dt>');
  });

  it('holds across a backup made before the erasure and restored later', async () => {
    const email = address('restored');
    await holdingsOf(email);
    const file = path.join(dir, 'before.tar.gz');
    const said: string[] = [];
    const made = await runCli(
      ['backup', '--logical', '--out', file],
      (line) => said.push(line),
      (line) => said.push(line),
    );
    expect(made, said.join('\n')).toBe(0);
    expect((await t.admin('POST', '/cms/api/people/erase', { email })).json().data).toEqual({
      subscriptions: 1,
      messages: 2,
      form_entries: 0,
    });

    const target = await emptyDatabase(dialect, dir);
    try {
      const restored = await orgsite(
        { databaseUrl: target.databaseUrl, pgSchema: target.pgSchema, UPLOAD_DIR: path.join(dir, 'restored-uploads') },
        'restore',
        file,
      );
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain('Erased again: 3 records');
      const copy = openDatabase(target.databaseUrl, target.pgSchema);
      try {
        const rows = async (table: 'subscribers' | 'messages') =>
          (await copy.db.selectFrom(table).select('email').execute()).map((row) => String(row.email).toLowerCase());
        expect(await rows('subscribers')).not.toContain(email);
        expect(await rows('messages')).not.toContain(email);
        // Others came back, and the restored table remembers the erasure for the next copy.
        expect(await rows('subscribers')).toContain(address('kept'));
        expect((await copy.db.selectFrom('erased_people').select('address_hash').execute()).length).toBeGreaterThan(0);
      } finally {
        await copy.close();
      }
    } finally {
      await target.drop();
    }
  });

  it('erases again, when the server starts, what a database put back from an older copy holds', async () => {
    const email = address('put-back');
    await holdingsOf(email);
    expect((await t.admin('POST', '/cms/api/people/erase', { email })).statusCode).toBe(200);
    // As an older copy of the database would have it: the rows as they were.
    const at = new Date().toISOString();
    await db()
      .insertInto('messages')
      .values({ app_key: APP_KEY, name: 'Rahima', email, message: 'Back from a copy', created_at: at, updated_at: at } as never)
      .execute();
    expect(await count('messages', email)).toBe(1);
    const { app } = await createServer({ ...t.config, seedDemo: false }, { logger: false });
    await app.close();
    expect(await count('messages', email)).toBe(0);
  });
});
