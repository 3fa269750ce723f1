/**
 * `orgsite` on both databases: each command against the database a running server uses, checked
 * through that server's API; and the installed bin itself (exit codes, --help) in a child process.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/server/cli';
import { dialects, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('orgsite on %s', (dialect) => {
  let t: TestApp;
  const saved = { ...process.env };
  beforeAll(async () => {
    t = await startTestApp(dialect, { seedDemo: false });
    process.env.DATABASE_URL = t.config.databaseUrl;
    process.env.DATABASE_SCHEMA = t.config.pgSchema ?? '';
    process.env.SEED_DEMO = 'false';
    process.env.UPLOAD_DIR = t.config.uploadDir;
  });
  afterAll(async () => {
    process.env = saved;
    await t?.close();
  });

  /** Runs a command line; answers its exit code and what it printed. */
  async function orgsite(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      argv,
      (line) => out.push(line),
      (line) => err.push(line),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const login = (identifier: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/cms/api/login', payload: { identifier, password } });

  it('user:create makes an account that signs in; a taken email or a bad role is refused', async () => {
    const made = await orgsite(
      'user:create',
      '--email',
      'Second@Example.org',
      '--password',
      'a-long-password',
      '--name',
      'Second',
    );
    expect(made).toMatchObject({ code: 0, out: expect.stringMatching(/^Created second@example\.org \(id \d+, role admin\)/) });
    expect((await login('second@example.org', 'a-long-password')).statusCode).toBe(200);

    const generated = await orgsite('user:create', '--email', 'third@example.org', '--role', 'editor', '--sites', 'demo');
    const password = /Password \(shown once\): (\S+)/.exec(generated.out)![1]!;
    const signedIn = await login('third@example.org', password);
    expect(signedIn.statusCode).toBe(200);

    expect(await orgsite('user:create', '--email', 'second@example.org')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/already used/),
    });
    expect(await orgsite('user:create', '--email', 'x@example.org', '--role', 'king')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--role must be one of/),
    });
    expect(await orgsite('user:create', '--email', 'not-an-email')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/email: .*valid email/),
    });
    expect(await orgsite('user:create')).toMatchObject({ code: 2, err: expect.stringMatching(/--email is required/) });
  });

  it('user:list shows every user with role, sites and two-factor state', async () => {
    const { code, out } = await orgsite('user:list');
    expect(code).toBe(0);
    expect(out.split('\n')[0]).toMatch(/^id\s+email\s+name\s+role\s+sites\s+2fa$/);
    expect(out).toMatch(/third@example\.org\s+editor\s+demo\s+off/);
  });

  it('user:reset-password sets a password (ending sessions) or prints a one-time link that works', async () => {
    const before = (await login('second@example.org', 'a-long-password')).json().token as string;
    const set = await orgsite('user:reset-password', '--email', 'second@example.org', '--password', 'a-newer-password');
    expect(set.code).toBe(0);
    expect((await login('second@example.org', 'a-newer-password')).statusCode).toBe(200);
    const old = await t.app.inject({ method: 'GET', url: '/cms/api/me', headers: { authorization: `Bearer ${before}` } });
    expect(old.statusCode).toBe(401);

    const link = await orgsite('user:reset-password', '--email', 'second@example.org', '--url', 'https://www.example.org/');
    const url = new URL(link.out.split('\n')[1]!);
    expect(url.origin + url.pathname).toBe('https://www.example.org/admin/reset-password');
    const used = await t.app.inject({
      method: 'POST',
      url: '/cms/api/password-reset',
      payload: {
        token: new URLSearchParams(url.hash.slice(1)).get('token'),
        password: 'from-the-link-1',
        confirm_password: 'from-the-link-1',
      },
    });
    expect(used.statusCode, used.body).toBe(200);
    expect((await login('second@example.org', 'from-the-link-1')).statusCode).toBe(200);
    // Without SMTP_URL nothing can be mailed: refused, with what to do.
    expect(await orgsite('user:reset-password', '--email', 'second@example.org', '--mail')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/^Mail is off: set SMTP_URL/),
    });
    expect(await orgsite('user:reset-password', '--email', 'nobody@example.org')).toMatchObject({
      code: 1,
      err: expect.stringMatching(/No user has the email/),
    });
  });

  it('migrate says the database is current; seed:demo adds the demo site once', async () => {
    expect(await orgsite('migrate')).toEqual({ code: 0, out: 'The database is up to date.', err: '' });
    expect((await t.visitor('GET', '/cms/applications/demo')).statusCode).toBe(404);
    expect(await orgsite('seed:demo')).toMatchObject({ code: 0, out: 'Added the demo site "demo".' });
    t.app.ctx.cache.invalidate();
    expect((await t.visitor('GET', '/cms/applications/demo')).statusCode).toBe(200);
    expect((await t.visitor('GET', '/cms/posts')).json().data.total).toBeGreaterThan(0);
    expect(await orgsite('seed:demo')).toMatchObject({ code: 0, out: 'The site "demo" is already there.' });
  });

  it('answers an unknown command or option with usage and exit code 2', async () => {
    expect(await orgsite('user:delete')).toMatchObject({ code: 2, err: expect.stringMatching(/Unknown command "user:delete"/) });
    expect(await orgsite('user:list', '--bogus')).toMatchObject({
      code: 2,
      err: expect.stringMatching(/Unknown option '--bogus'/),
    });
    expect(await orgsite('user:create', '--help')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^Usage: orgsite user:create/m),
    });
  });
});

describe('the orgsite bin', () => {
  it('runs from package.json "bin" with help and exit codes', () => {
    const help = spawnSync(process.execPath, ['scripts/cli.mjs', '--help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/user:reset-password/);
    const wrong = spawnSync(process.execPath, ['scripts/cli.mjs', 'nonsense'], { encoding: 'utf8' });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toMatch(/Unknown command "nonsense"/);
  });
});
