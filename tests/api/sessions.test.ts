/**
 * Sessions end when they should (a new password or role, an admin's "sign out everywhere", 30
 * idle days, the user's own choice), sign-in limits hold per identifier and per address and are
 * shared by every instance on one database, and the activity log records who did what without a
 * secret in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../src/server/bootstrap';
import { PARAMS } from '../../src/server/security/passwords';
import { APP_KEY, createOtherApplication, dialects, OTHER_APP_KEY, signInAs, startTestApp, type TestApp } from './harness';

const login = (t: TestApp, identifier: string, password: string, remoteAddress = '127.0.0.1', userAgent = 'test-agent') =>
  t.app.inject({
    method: 'POST',
    url: '/cms/api/login',
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { identifier, password },
  });
const me = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/cms/api/me', headers: { authorization: `Bearer ${token}` } });

describe.each(await dialects())('sessions on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());

  it('keeps the language each user reads the back-office in, one of its catalogues, and refuses another naming the field', async () => {
    const user = await signInAs(t, 'author');
    expect((await me(t, user.token)).json().data.language ?? null).toBeNull();
    const chosen = await user.send('PUT', '/cms/api/me', { language: 'bn' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await me(t, user.token)).json().data.language).toBe('bn');
    const refused = await user.send('PUT', '/cms/api/me', { language: 'klingon' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('language');
    expect((await me(t, user.token)).json().data.language).toBe('bn');
    // Another user's choice is their own.
    const other = await signInAs(t, 'viewer');
    expect((await me(t, other.token)).json().data.language ?? null).toBeNull();
  });

  it('a new password ends every other session of the account; the one that changed it stays', async () => {
    const user = await signInAs(t, 'editor');
    const laptop = (await login(t, user.email, user.password)).json().token as string;
    const changed = await user.send('PUT', '/cms/api/me', {
      password: 'brand-new-password',
      confirm_password: 'brand-new-password',
      current_password: user.password,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await me(t, laptop)).statusCode).toBe(401);
    expect((await me(t, user.token)).statusCode).toBe(200);
    expect((await login(t, user.email, user.password)).statusCode).toBe(401);
    expect((await login(t, user.email, 'brand-new-password')).statusCode).toBe(200);
  });

  it('a new password, email or phone needs the current password', async () => {
    const user = await signInAs(t, 'author');
    const without = await user.send('PUT', '/cms/api/me', { password: 'another-password', confirm_password: 'another-password' });
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toHaveProperty('current_password');
    const wrong = await user.send('PUT', '/cms/api/me', { email: 'elsewhere@example.org', current_password: 'not-it-at-all' });
    expect(wrong.statusCode).toBe(400);
    expect((await user.send('GET', '/cms/api/me')).json().data.email).toBe(user.email);
    const name = await user.send('PUT', '/cms/api/me', { name: 'New Name' });
    expect(name.statusCode).toBe(200);
    expect(name.json().data).toMatchObject({ name: 'New Name', role: 'author' });
    // A phone signs in as an email does.
    const phone = `+8801${String(Date.now()).slice(-9)}`;
    const phoneWithout = await user.send('PUT', '/cms/api/me', { phone });
    expect(phoneWithout.statusCode).toBe(400);
    expect(phoneWithout.json().errors).toHaveProperty('current_password');
    const phoneWith = await user.send('PUT', '/cms/api/me', { phone, current_password: user.password });
    expect(phoneWith.statusCode, phoneWith.body).toBe(200);
    expect((await user.send('PUT', '/cms/api/me', { phone, name: 'Same phone' })).statusCode).toBe(200);
  });

  it("an admin's change of role or sites ends the user's sessions", async () => {
    for (const change of [{ role: 'viewer' }, { sites: `${APP_KEY},${OTHER_APP_KEY}` }]) {
      const user = await signInAs(t, 'editor');
      expect((await t.admin('PUT', `/cms/api/users/${user.id}`, change)).statusCode).toBe(200);
      expect((await me(t, user.token)).statusCode).toBe(401);
    }
  });

  it('an admin signs a user out everywhere', async () => {
    const user = await signInAs(t, 'viewer');
    const phone = (await login(t, user.email, user.password)).json().token as string;
    expect((await t.admin('POST', `/cms/api/users/${user.id}/sign-out`)).statusCode).toBe(200);
    expect((await me(t, user.token)).statusCode).toBe(401);
    expect((await me(t, phone)).statusCode).toBe(401);
  });

  it('users list their own sessions with device, address and last use, and end any of them', async () => {
    const user = await signInAs(t, 'viewer');
    const phone = (await login(t, user.email, user.password, '10.9.8.7', 'Phone Browser/1.0')).json().token as string;
    const list = await user.send('GET', '/cms/api/me/sessions');
    const sessions = list.json().data as { id: number; ip: string; user_agent: string; current: boolean; last_used_at: string }[];
    expect(sessions).toHaveLength(2);
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ ip: '10.9.8.7', user_agent: 'Phone Browser/1.0' });
    expect(other.last_used_at).toMatch(/^\d{4}-/);
    // Someone else's session cannot be ended through one's own list.
    const stranger = await signInAs(t, 'viewer');
    expect((await stranger.send('DELETE', `/cms/api/me/sessions/${other.id}`)).statusCode).toBe(404);
    expect((await user.send('DELETE', `/cms/api/me/sessions/${other.id}`)).statusCode).toBe(200);
    expect((await me(t, phone)).statusCode).toBe(401);
    expect((await me(t, user.token)).statusCode).toBe(200);
  });

  it('a session unused for 30 days has ended', async () => {
    const user = await signInAs(t, 'viewer');
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.app.ctx.database.db.updateTable('sessions').set({ last_used_at: longAgo }).where('user_id', '=', user.id).execute();
    expect((await me(t, user.token)).statusCode).toBe(401);
  });

  it('limits failures from one address across identifiers (password spraying)', async () => {
    const address = '10.77.0.1';
    for (let i = 0; i < 30; i++) expect((await login(t, `nobody-${i}@example.org`, 'Spring2026!', address)).statusCode).toBe(401);
    const blocked = await login(t, 'nobody-30@example.org', 'Spring2026!', address);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await signInAs(t, 'viewer');
    expect((await login(t, elsewhere.email, elsewhere.password, '10.77.0.2')).statusCode).toBe(200);
  });

  it('lets no more than 10 of 30 parallel wrong guesses for one account through to the password check', async () => {
    const user = await signInAs(t, 'viewer');
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t, user.email, `wrong-${i}`, `10.88.${i}.1`).then((res) => res.statusCode)),
    );
    expect(answers.filter((status) => status !== 429).length).toBeLessThanOrEqual(10);
    expect(answers.filter((status) => status === 429).length).toBeGreaterThanOrEqual(20);
    // The right password is refused too until the minute has passed: the account is what is counted.
    expect((await login(t, user.email, user.password, '10.88.99.1')).statusCode).toBe(429);
  });

  it('counts an account’s failures together whether it is named by email or by phone', async () => {
    const user = await signInAs(t, 'viewer');
    const phone = `+8801${String(Date.now()).slice(-9)}`;
    expect((await t.admin('PUT', `/cms/api/users/${user.id}`, { phone })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(t, user.email, 'wrong', '10.89.0.1')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(t, phone, 'wrong', '10.89.0.2')).statusCode).toBe(401);
    expect((await login(t, phone, 'wrong', '10.89.0.3')).statusCode).toBe(429);
    expect((await login(t, user.email, user.password, '10.89.0.4')).statusCode).toBe(429);
  });

  it('does not count a correct sign-in against the address it came from', async () => {
    const user = await signInAs(t, 'viewer');
    for (let i = 0; i < 35; i++) expect((await login(t, user.email, user.password, '10.90.0.1')).statusCode).toBe(200);
  });

  it('keeps a session 12 hours, or with Remember Me 30 days (7 for an admin)', async () => {
    const user = await signInAs(t, 'viewer');
    const admin = await signInAs(t, 'admin');
    const lifetime = async (identifier: string, password: string, remember?: boolean) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/cms/api/login',
        remoteAddress: '10.95.0.1',
        payload: { identifier, password, ...(remember === undefined ? {} : { remember }) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (Date.parse(res.json().expires_at as string) - Date.now()) / 3_600_000;
    };
    expect(await lifetime(user.email, user.password)).toBeCloseTo(12, 0);
    expect(await lifetime(user.email, user.password, false)).toBeCloseTo(12, 0);
    expect(await lifetime(user.email, user.password, true)).toBeCloseTo(30 * 24, 0);
    expect(await lifetime(admin.email, admin.password, true)).toBeCloseTo(7 * 24, 0);
  });

  // OWASP's settings themselves, outside a test runner: tests/unit/server-helpers.test.ts.
  it('hashes passwords with the current scrypt settings, and upgrades an older hash at the next sign-in', async () => {
    const user = await signInAs(t, 'viewer');
    const db = t.app.ctx.database.db;
    const stored = async () =>
      (await db.selectFrom('users').select('password').where('id', '=', user.id).executeTakeFirstOrThrow()).password;
    const { N, r, p } = PARAMS;
    const current = new RegExp(`^scrypt\\$${N}\\$${r}\\$${p}\\$`);
    expect(await stored()).toMatch(current);
    const { scryptSync, randomBytes } = await import('node:crypto');
    const salt = randomBytes(16);
    const old = [
      'scrypt',
      16384,
      8,
      1,
      salt.toString('base64url'),
      scryptSync(user.password, salt, 32, { N: 16384, r: 8, p: 1 }).toString('base64url'),
    ].join('$');
    await db.updateTable('users').set({ password: old }).where('id', '=', user.id).execute();
    expect((await login(t, user.email, user.password, '10.96.0.1')).statusCode).toBe(200);
    expect(await stored()).toMatch(current);
    expect((await login(t, user.email, user.password, '10.96.0.1')).statusCode).toBe(200);
  });

  it('answers an unknown account exactly as a wrong password', async () => {
    const user = await signInAs(t, 'viewer');
    const unknown = await login(t, 'no-such-account@example.org', 'whatever-it-is', '10.55.0.1');
    const wrong = await login(t, user.email, 'whatever-it-is', '10.55.0.1');
    expect([unknown.statusCode, unknown.body]).toEqual([wrong.statusCode, wrong.body]);
  });

  it('shares the failure counts between two servers on one database', async () => {
    const second = await createServer(t.config, { logger: false });
    try {
      const identifier = 'shared-target@example.org';
      for (let i = 0; i < 10; i++) expect((await login(t, identifier, 'wrong', '10.66.0.1')).statusCode).toBe(401);
      const there = await second.app.inject({
        method: 'POST',
        url: '/cms/api/login',
        remoteAddress: '10.66.0.1',
        payload: { identifier, password: 'wrong' },
      });
      expect(there.statusCode).toBe(429);
    } finally {
      await second.app.close();
    }
  });
});

describe.each(await dialects())('activity log on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());

  type Entry = {
    action: string;
    entity: string | null;
    record_id: number | null;
    user_id: number | null;
    app_key: string | null;
    changes: unknown;
    ip: string;
    user_agent: string | null;
  };
  const entries = async (query = '', as = t.admin) =>
    (await as('GET', `/cms/api/activity?size=100${query}`)).json().data.data as Entry[];

  it('records creates, updates with before and after, trash, restore and deletes, sign-ins and failures, and never a secret', async () => {
    const created = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Before' }, { 'user-agent': 'Audit Browser' });
    const id = created.json().data.id as number;
    await t.admin('PUT', `/cms/api/faqs/${id}`, { faq_title: 'After' });
    await t.admin('DELETE', `/cms/api/faqs/${id}`);
    await t.admin('POST', `/cms/api/faqs/${id}/restore`);
    await t.admin('DELETE', `/cms/api/faqs/${id}?permanent=1`);
    const user = await signInAs(t, 'editor');
    await t.admin('PUT', `/cms/api/users/${user.id}`, {
      role: 'author',
      password: 'a-secret-password',
      confirm_password: 'a-secret-password',
    });
    await login(t, user.email, 'definitely-wrong');

    const faqs = await entries(`&entity=faqs`);
    expect(faqs.map((e) => e.action)).toEqual(['delete', 'restore', 'trash', 'update', 'create']);
    expect(faqs[3]).toMatchObject({ record_id: id, app_key: APP_KEY, changes: { faq_title: ['Before', 'After'] } });
    expect(faqs[4]!.user_agent).toBe('Audit Browser');
    const roleChange = (await entries('&action=role-change'))[0]!;
    expect(roleChange).toMatchObject({ entity: 'users', record_id: user.id, changes: { role: ['editor', 'author'] } });
    expect((await entries('&action=password-change'))[0]).toMatchObject({ record_id: user.id, changes: null });
    expect((await entries(`&action=sign-in-failed&user_id=${user.id}`)).length).toBe(1);
    expect((await entries(`&action=sign-in&user_id=${user.id}`)).length).toBe(1);
    const everything = JSON.stringify(await entries());
    expect(everything).not.toMatch(/a-secret-password|definitely-wrong|scrypt\$|token/);
  });

  it('filters by date, and editors read only their own site', async () => {
    await t.admin('POST', '/cms/api/faqs', { faq_title: 'Elsewhere' }, { app_key: OTHER_APP_KEY });
    const today = new Date().toISOString().slice(0, 10);
    expect((await entries(`&from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect(await entries('&to=2000-01-01')).toEqual([]);
    const editor = await signInAs(t, 'editor');
    const seen = await entries('', editor.send);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((e) => e.app_key === APP_KEY)).toBe(true);
    const author = await signInAs(t, 'author');
    expect((await author.send('GET', '/cms/api/activity')).statusCode).toBe(403);
    expect((await t.admin('GET', '/cms/api/activity?action=nonsense')).statusCode).toBe(400);
  });
});
