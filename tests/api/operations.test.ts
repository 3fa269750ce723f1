/**
 * What a self-hoster runs the server by: health checks a supervisor can poll, one log line per
 * request with no secret in it, and contact messages mailed to the site (a real SMTP server
 * started here).
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, APP_KEY, dialects, orgsite, sourceBuild, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('health checks on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('/healthz says the process answers; /readyz names what is not ready, then says ready', async () => {
    const alive = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(alive.statusCode).toBe(200);
    expect(alive.json()).toMatchObject({ status: 'ok' });

    // The test server has no build: not ready, and the answer says why.
    const missing = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({
      status: 'not ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', build: expect.stringMatching(/^missing/) },
    });

    sourceBuild(t.config.staticDir);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok', build: 'ok' } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('/readyz says so when a migration has not run', async () => {
    const db = t.app.ctx.database.db;
    const table = dialect === 'postgres' ? `${t.config.pgSchema}.kysely_migration` : 'kysely_migration';
    const { sql } = await import('kysely');
    await sql`delete from ${sql.raw(table)} where name = '008_trash_schedule_drafts'`.execute(db);
    const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json().checks.migrations).toBe('pending: 008_trash_schedule_drafts');
  });
});

describe.each(await dialects())('readiness without a database on %s', (dialect) => {
  it('/readyz says the database is unreachable, and not in the database’s own words', async () => {
    const t = await startTestApp(dialect);
    const { database } = t.app.ctx;
    await database.close();
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().checks).toMatchObject({ database: 'unreachable', migrations: 'unknown' });
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe.each(await dialects())('logs on %s', (dialect) => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    t = await startTestApp(dialect, {}, { level: 'info', stream });
  });
  afterAll(() => t?.close());

  it('writes one line per request, with its id, status and time, and no secret from the address', async () => {
    lines.length = 0;
    await t.visitor('GET', '/cms/faqs');
    await t.app.inject({ method: 'GET', url: '/admin/reset-password?token=very-secret-token' });
    await t.visitor('GET', '/cms/posts/some-post?preview=posts.1.2.signature');
    const requests = lines.filter((l) => l.msg === 'request');
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    expect(requests).toHaveLength(3);
    expect(requests[0]).toMatchObject({ level: 30, reqId: expect.any(String), method: 'GET', url: '/cms/faqs', statusCode: 200 });
    expect(typeof requests[0]!.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/very-secret-token|posts\.1\.2\.signature/);
    expect(requests[1]!.url).toBe('/admin/reset-password?token=[redacted]');
  });

  it('writes no request line at a quieter level (LOG_LEVEL=warn)', async () => {
    lines.length = 0;
    t.app.log.level = 'warn';
    try {
      await t.visitor('GET', '/cms/faqs');
      await t.visitor('GET', '/cms/faqs');
    } finally {
      t.app.log.level = 'info';
    }
    expect(lines).toEqual([]);
    await t.visitor('GET', '/cms/faqs');
    expect(lines.filter((l) => l.msg === 'request')).toHaveLength(1);
  });

  it('never logs a password that was sent', async () => {
    lines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/cms/api/login',
      payload: { identifier: 'x@example.org', password: 'hunter2-secret' },
    });
    expect(lines.length).toBeGreaterThan(0);
    expect(JSON.stringify(lines)).not.toContain('hunter2-secret');
  });
});

describe.each(await dialects())('contact mail on %s', (dialect) => {
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
    await t.admin('PUT', `/cms/api/applications/${APP_KEY}`, { email: 'office@example.org' });
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it("mails a contact message to the site's address, answerable to the visitor", async () => {
    const sent = await t.visitor('POST', '/cms/messages', {
      name: 'Ann\nBcc: everyone@example.org',
      email: 'ann@example.org',
      message: 'Do you train staff in Khulna?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    await expect.poll(() => inbox.length, { timeout: 5_000 }).toBe(1);
    const mail = inbox[0]!;
    expect(mail.to).toBe('office@example.org');
    // A line break in the visitor's name adds no header.
    const headers = mail.body.split('\r\n\r\n')[0]!;
    expect(headers).toMatch(/^Reply-To: ann@example\.org/m);
    expect(headers).toMatch(/^Subject: Message from Ann Bcc: everyone@example\.org via /m);
    expect(headers).not.toMatch(/^Bcc:/m);
    expect(mail.body).toContain('Do you train staff in Khulna?');
  });

  it('tells the signed-in staff that this server sends mail (and one without SMTP_URL that it does not)', async () => {
    expect((await t.admin('GET', '/cms/api/me')).json().data.mail).toBe(true);
    const noMail = await startTestApp(dialect);
    try {
      expect((await noMail.admin('GET', '/cms/api/me')).json().data.mail).toBe(false);
      const refused = await noMail.admin('POST', '/cms/api/users/1/reset-link', { email: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/does not send mail: set SMTP_URL/);
    } finally {
      await noMail.close();
    }
  });

  it('mails a reset link from the command line, and the link sets a new password', async () => {
    const mailed = await orgsite(
      {
        databaseUrl: t.config.databaseUrl,
        pgSchema: t.config.pgSchema,
        SMTP_URL: t.config.smtpUrl,
        MAIL_FROM: t.config.mailFrom,
      },
      ...['user:reset-password', '--email', ADMIN.email, '--mail', '--url', 'https://www.example.org'],
    );
    expect(mailed.code, mailed.output).toBe(0);
    expect(mailed.output).toMatch(/^Mailed a one-time link to admin@example\.com \(until .* UTC\)\.$/);
    await expect.poll(() => inbox.filter((m) => m.to === ADMIN.email).length, { timeout: 5_000 }).toBe(1);
    const mail = inbox.find((m) => m.to === ADMIN.email)!;
    // Quoted-printable may wrap the link: join soft line breaks before reading it.
    const token = /reset-password#token=3D([\w-]+)/.exec(mail.body.replace(/=\r\n/g, ''))![1]!;
    const used = await t.app.inject({
      method: 'POST',
      url: '/cms/api/password-reset',
      payload: { token, password: 'mailed-link-password', confirm_password: 'mailed-link-password' },
    });
    expect(used.statusCode, used.body).toBe(200);
  });
});
