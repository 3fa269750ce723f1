/**
 * Two-factor sign-in (enrolment, the code step, codes and recovery codes used once, required by
 * role) and one-time password reset links (expiry, single use, mailed through a real SMTP server
 * when one is configured), on every database.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentCode } from '../../src/server/security/two-factor';
import { dialects, type SignedIn, signInAs, startTestApp, type TestApp } from './harness';

/** A reset link carries its token in the fragment, which no browser sends anywhere. */
const tokenOf = (url: string) => {
  expect(new URL(url).search).toBe('');
  return new URLSearchParams(new URL(url).hash.slice(1)).get('token')!;
};

const login = (t: TestApp, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/cms/api/login', payload: body });

/** Sets up two-factor sign-in for `user`; returns the secret, the code that turned it on and the recovery codes. */
async function enrol(user: SignedIn): Promise<{ secret: string; used: string; codes: string[] }> {
  expect((await user.send('POST', '/cms/api/me/two-factor/setup')).statusCode).toBe(400);
  expect((await user.send('POST', '/cms/api/me/two-factor/setup', { current_password: 'not it' })).statusCode).toBe(400);
  const setup = await user.send('POST', '/cms/api/me/two-factor/setup', { current_password: user.password });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret, uri, qr } = setup.json().data as { secret: string; uri: string; qr: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
  expect(qr).toMatch(/^data:image\/png;base64,/);
  expect((await user.send('POST', '/cms/api/me/two-factor/enable', { code: '000000' })).statusCode).toBe(400);
  const used = currentCode(secret);
  const enabled = await user.send('POST', '/cms/api/me/two-factor/enable', { code: used });
  expect(enabled.statusCode, enabled.body).toBe(200);
  const codes = enabled.json().data.recovery_codes as string[];
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  return { secret, used, codes };
}

describe.each(await dialects())('two-factor sign-in on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('ends the account’s other sessions when two-factor sign-in is turned on', async () => {
    const user = await signInAs(t, 'editor');
    const other = (await login(t, { identifier: user.email, password: user.password })).json().token as string;
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/cms/api/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(other)).statusCode).toBe(200);
    await enrol(user);
    expect((await me(other)).statusCode).toBe(401);
    expect((await user.send('GET', '/cms/api/me')).statusCode).toBe(200);
  });

  it('limits wrong current passwords as it limits wrong sign-ins', async () => {
    const user = await signInAs(t, 'viewer');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await user.send('POST', '/cms/api/me/two-factor/setup', { current_password: `guess-${i}` })).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it('caps wrong codes per account, whatever address they come from, even with the right password', async () => {
    const user = await signInAs(t, 'editor');
    const { secret } = await enrol(user);
    const guess = (code: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/cms/api/login',
        remoteAddress: address,
        payload: { identifier: user.email, password: user.password, code },
      });
    const wrong = currentCode(secret) === '000001' ? '000002' : '000001';
    for (let i = 0; i < 5; i++) expect((await guess(wrong, `10.91.${i}.1`)).statusCode).toBe(401);
    const capped = await guess(currentCode(secret), '10.91.9.1');
    expect(capped.statusCode).toBe(429);
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(60);
  });

  it('asks an enrolled user for a code instead of giving a token, and signs in with the right one', async () => {
    const user = await signInAs(t, 'editor');
    const { secret, used } = await enrol(user);
    expect((await user.send('GET', '/cms/api/me')).json().data.two_factor).toEqual({ enabled: true, required: false });

    const passwordOnly = await login(t, { identifier: user.email, password: user.password });
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json()).not.toHaveProperty('token');
    expect(passwordOnly.json().errors).toEqual({ code: 'Code required' });

    const wrong = await login(t, { identifier: user.email, password: user.password, code: '123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors).toEqual({ code: 'Wrong code' });
    // The wrong password with the right code is still just wrong credentials.
    const wrongPassword = await login(t, { identifier: user.email, password: 'not-the-password', code: currentCode(secret) });
    expect(wrongPassword.json()).toEqual({ message: 'Wrong email/phone or password' });

    // The code that turned it on was taken; the app's next one (accepted early, clocks drift) works once.
    expect((await login(t, { identifier: user.email, password: user.password, code: used })).statusCode).toBe(401);
    const next = currentCode(secret, Date.now() + 30_000);
    const right = await login(t, { identifier: user.email, password: user.password, code: next });
    expect(right.statusCode).toBe(200);
    expect(right.json().token).toEqual(expect.any(String));
    const replayed = await login(t, { identifier: user.email, password: user.password, code: next });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().errors).toEqual({ code: 'Wrong code' });
  });

  it('takes each recovery code once, and keeps them only as hashes', async () => {
    const user = await signInAs(t, 'author');
    const { codes } = await enrol(user);
    const first = await login(t, { identifier: user.email, password: user.password, code: codes[0]!.toUpperCase() });
    expect(first.statusCode).toBe(200);
    const again = await login(t, { identifier: user.email, password: user.password, code: codes[0] });
    expect(again.statusCode).toBe(401);
    const stored = await t.app.ctx.database.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[1]!.replace('-', ''));
    // Salted and slow: no unsalted digest a copied table could be looked up in.
    const { createHash } = await import('node:crypto');
    const digest = createHash('sha256').update(codes[1]!.replace('-', '')).digest('hex');
    expect(JSON.stringify(stored)).not.toContain(digest);
    for (const { code_hash: hash } of stored) expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]{22}\$/);
    expect(new Set(stored.map((row) => row.code_hash.split('$')[4])).size).toBe(10);
  });

  it('needs the password to turn it off or renew the codes', async () => {
    const user = await signInAs(t, 'viewer');
    await enrol(user);
    expect((await user.send('POST', '/cms/api/me/two-factor/recovery-codes', { current_password: 'nope-nope' })).statusCode).toBe(
      400,
    );
    const renewed = await user.send('POST', '/cms/api/me/two-factor/recovery-codes', { current_password: user.password });
    expect(renewed.json().data.recovery_codes).toHaveLength(10);
    expect((await user.send('DELETE', '/cms/api/me/two-factor', { current_password: 'nope-nope' })).statusCode).toBe(400);
    expect((await user.send('DELETE', '/cms/api/me/two-factor', { current_password: user.password })).statusCode).toBe(200);
    expect((await login(t, { identifier: user.email, password: user.password })).statusCode).toBe(200);
  });

  it('when an admin requires it for a role, that role works only after setting it up, and cannot turn it off', async () => {
    const editor = await signInAs(t, 'editor');
    expect((await t.admin('PUT', '/cms/api/security-settings', { requireTwoFactor: ['editor'] })).statusCode).toBe(200);
    try {
      const refused = await editor.send('GET', '/cms/api/pages');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errors).toEqual({ two_factor: 'Required for your role' });
      expect((await editor.send('GET', '/cms/api/me')).json().data.two_factor).toEqual({ enabled: false, required: true });
      await enrol(editor);
      expect((await editor.send('GET', '/cms/api/pages')).statusCode).toBe(200);
      expect((await editor.send('DELETE', '/cms/api/me/two-factor', { current_password: editor.password })).statusCode).toBe(409);
      // A lost phone: an admin turns it off, and the editor must set it up again.
      expect((await t.admin('DELETE', `/cms/api/users/${editor.id}/two-factor`)).statusCode).toBe(200);
      expect((await editor.send('GET', '/cms/api/pages')).statusCode).toBe(403);
    } finally {
      await t.admin('PUT', '/cms/api/security-settings', { requireTwoFactor: [] });
    }
  });
});

describe.each(await dialects())('password reset links on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  const makeLink = async (userId: number) => {
    const res = await t.admin('POST', `/cms/api/users/${userId}/reset-link`);
    expect(res.statusCode, res.body).toBe(200);
    const { url, expires_at: expiresAt } = res.json().data as { url: string; expires_at: string };
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    return tokenOf(url);
  };
  const use = (token: string, password: string, confirm = password) =>
    t.app.inject({ method: 'POST', url: '/cms/api/password-reset', payload: { token, password, confirm_password: confirm } });

  it('sets a new password once, and ends every session of the account', async () => {
    const user = await signInAs(t, 'editor');
    const token = await makeLink(user.id);
    const shown = await t.app.inject({ method: 'GET', url: `/cms/api/password-reset?token=${token}` });
    expect(shown.json().data.email).toBe(user.email);
    expect((await use(token, 'new-password-1', 'different-one')).statusCode).toBe(400);
    expect((await use(token, 'new-password-1')).statusCode).toBe(200);
    expect((await user.send('GET', '/cms/api/me')).statusCode).toBe(401);
    expect((await login(t, { identifier: user.email, password: 'new-password-1' })).statusCode).toBe(200);
    expect((await use(token, 'new-password-2')).statusCode).toBe(410);
    expect((await login(t, { identifier: user.email, password: 'new-password-2' })).statusCode).toBe(401);
  });

  it('expires after an hour, and a newer link replaces an older one', async () => {
    const user = await signInAs(t, 'viewer');
    const old = await makeLink(user.id);
    const token = await makeLink(user.id);
    expect((await use(old, 'never-set-this')).statusCode).toBe(410);
    await t.app.ctx.database.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: `/cms/api/password-reset?token=${token}` })).statusCode).toBe(410);
    expect((await use(token, 'never-set-this')).statusCode).toBe(410);
    expect((await login(t, { identifier: user.email, password: user.password })).statusCode).toBe(200);
  });
});

describe.each(await dialects())('reset links by mail on %s', (dialect) => {
  let t: TestApp;
  let smtp: SMTPServer;
  const inbox: { to: string; body: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let body = '';
        stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
        stream.on('end', () => {
          inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as AddressInfo;
    t = await startTestApp(dialect, { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Site <site@example.org>' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails the link to the user, and the mailed link sets the password', async () => {
    const user = await signInAs(t, 'editor');
    const res = await t.admin('POST', `/cms/api/users/${user.id}/reset-link`, { email: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.emailed).toBe(true);
    const mail = inbox.find((m) => m.to === user.email)!;
    expect(mail.body).toMatch(/Subject: Set a new password/);
    // The text is quoted-printable: long lines are folded ("=\r\n") and "=" is written "=3D".
    const text = mail.body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const token = /token=([\w-]+)/.exec(text)![1]!;
    const used = await t.app.inject({
      method: 'POST',
      url: '/cms/api/password-reset',
      payload: { token, password: 'mailed-password-1', confirm_password: 'mailed-password-1' },
    });
    expect(used.statusCode).toBe(200);
    expect((await login(t, { identifier: user.email, password: 'mailed-password-1' })).statusCode).toBe(200);
  });
});

describe.each(await dialects())('reset links without mail on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('says that the server sends no mail, and keeps an earlier link working', async () => {
    const user = await signInAs(t, 'viewer');
    const first = await t.admin('POST', `/cms/api/users/${user.id}/reset-link`);
    const token = tokenOf(first.json().data.url as string);
    const mailed = await t.admin('POST', `/cms/api/users/${user.id}/reset-link`, { email: true });
    expect(mailed.statusCode).toBe(409);
    expect(mailed.json().message).toMatch(/SMTP_URL/);
    expect((await t.app.inject({ method: 'GET', url: `/cms/api/password-reset?token=${token}` })).statusCode).toBe(200);
  });
});

describe.each(await dialects())('two-factor secrets at rest on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('stores the secret sealed with the installation’s key, and a secret stored before in the clear still works', async () => {
    const user = await signInAs(t, 'editor');
    const { secret } = await enrol(user);
    const db = t.app.ctx.database.db;
    const row = await db
      .selectFrom('two_factor')
      .select(['secret', 'pending_secret'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(secret);
    expect(t.app.ctx.secrets.open(row.secret!)).toBe(secret);
    // Another installation's key cannot open it.
    const { SecretBox } = await import('../../src/server/security/secret-box');
    expect(() => new SecretBox('another-key').open(row.secret!)).toThrow();

    await db.updateTable('two_factor').set({ secret }).where('user_id', '=', user.id).execute();
    const next = currentCode(secret, Date.now() + 30_000);
    expect((await login(t, { identifier: user.email, password: user.password, code: next })).statusCode).toBe(200);
  });
});
