import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/shared/entities';
import { ADMIN, APP_KEY, dialects, startTestApp, type TestApp } from './harness';

const ADMIN_PATHS = [
  ...Object.values(ENTITIES).map((def) => `/cms/api/${def.resource}`),
  '/cms/api/app-report',
  '/cms/api/files',
  '/cms/api/me',
];

describe.each(await dialects())('auth on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it.each(ADMIN_PATHS)('GET %s answers 401 without a token, and with a made-up one', async (url) => {
    const anonymous = await t.app.inject({ method: 'GET', url, headers: { app_key: APP_KEY } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toMatch(/sign in/i);
    const forged = await t.app.inject({ method: 'GET', url, headers: { app_key: APP_KEY, authorization: 'Bearer forged' } });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses writes without a token and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/cms/api/pages',
      headers: { app_key: APP_KEY },
      payload: { title: 'Sneaky page' },
    });
    expect(res.statusCode).toBe(401);
    const list = await t.admin('GET', '/cms/api/pages?search_key=Sneaky');
    expect(list.json().data.total).toBe(0);
  });

  it('signs in by email (any case) or phone and returns the user without a password', async () => {
    const byEmail = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: ADMIN.email.toUpperCase(), password: ADMIN.password },
    });
    expect(byEmail.statusCode).toBe(200);
    const body = byEmail.json();
    expect(body).toMatchObject({ status: 200, user: { email: ADMIN.email } });
    expect(body.token).toMatch(/^[\w-]{40,}$/);
    expect(JSON.stringify(body)).not.toMatch(/password|scrypt/);

    await t.admin('PUT', `/cms/api/users/${body.user.id}`, { phone: '01711111111' });
    const byPhone = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: '01711111111', password: ADMIN.password },
    });
    expect(byPhone.statusCode).toBe(200);
  });

  it('answers wrong credentials with 401 and a message, and missing fields with 400 naming them', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: ADMIN.email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toMatch(/wrong/i);
    const missing = await t.app.inject({ method: 'POST', url: '/cms/api/login', payload: { identifier: '' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(expect.arrayContaining(['identifier', 'password']));
  });

  it('logout revokes the token', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: ADMIN.email, password: ADMIN.password },
    });
    const headers = { authorization: `Bearer ${login.json().token}`, app_key: APP_KEY };
    expect((await t.app.inject({ method: 'GET', url: '/cms/api/me', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/cms/api/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/cms/api/me', headers })).statusCode).toBe(401);
  });

  it('throttles an IP and identifier after 10 failures in a minute, even for the right password', async () => {
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/cms/api/login',
        remoteAddress: '10.1.2.3',
        payload: { identifier: 'throttle-me@example.com', password },
      });
    for (let i = 0; i < 10; i++) expect((await attempt('wrong')).statusCode).toBe(401);
    const blocked = await attempt('wrong');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another identifier from the same address is not punished for this one's failures.
    const other = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      remoteAddress: '10.1.2.3',
      payload: { identifier: ADMIN.email, password: ADMIN.password },
    });
    expect(other.statusCode).toBe(200);
  });

  it('never returns a password from the users endpoints', async () => {
    const created = await t.admin('POST', '/cms/api/users', {
      email: 'editor@example.org',
      password: 'editor-password',
      confirm_password: 'editor-password',
    });
    expect(created.statusCode).toBe(201);
    const list = await t.admin('GET', '/cms/api/users?size=100');
    const one = await t.admin('GET', `/cms/api/users/${created.json().data.id}`);
    for (const res of [created, list, one]) expect(res.body).not.toMatch(/"password"|scrypt\$/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: 'editor@example.org', password: 'editor-password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('requires matching passwords and keeps the old one when the edit leaves it empty', async () => {
    const mismatch = await t.admin('POST', '/cms/api/users', {
      email: 'mismatch@example.org',
      password: 'first-password',
      confirm_password: 'other-password',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toHaveProperty('confirm_password');
    // No invitation exists: a new user's password is set by whoever creates them, or the user could never sign in.
    const noPassword = await t.admin('POST', '/cms/api/users', { email: 'nopass@example.org' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toHaveProperty('password');
    const emptyPassword = await t.admin('POST', '/cms/api/users', {
      email: 'nopass@example.org',
      password: '',
      confirm_password: '',
    });
    expect(emptyPassword.statusCode).toBe(400);
    expect(emptyPassword.json().errors).toHaveProperty('password');
    const listed = (await t.admin('GET', '/cms/api/users?size=100&search_key=nopass')).json().data.total;
    expect(listed).toBe(0);

    const created = await t.admin('POST', '/cms/api/users', {
      email: 'keeper@example.org',
      password: 'keeper-password',
      confirm_password: 'keeper-password',
    });
    const id = created.json().data.id;
    const edit = await t.admin('PUT', `/cms/api/users/${id}`, { name: 'Keeper', password: '', confirm_password: '' });
    expect(edit.statusCode, edit.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: 'keeper@example.org', password: 'keeper-password' },
    });
    expect(login.statusCode).toBe(200);
  });
});
