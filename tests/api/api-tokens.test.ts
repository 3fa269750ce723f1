/**
 * API tokens end to end on both databases: an admin makes one, a headless consumer uses it as a
 * bearer token within its site and its rights, it is rate-limited and logged by name, and it stops
 * working when revoked or expired. It never reaches users, tokens, security settings or a person's
 * own routes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/shared/entities';
import { APP_KEY, createOtherApplication, dialects, OTHER_APP_KEY, signInAs, startTestApp, type TestApp } from './harness';
import { sampleBody } from './samples';

const LIMIT = 25;

describe.each(await dialects())('API tokens on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { apiTokenLimit: LIMIT });
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());

  const make = async (body: Record<string, unknown>) => {
    const answer = await t.admin('POST', '/cms/api/api-tokens', body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json().data as { id: number; token: string; name: string };
  };
  /** A request with only the token (no app key: the token names its site). */
  const withToken = (token: string, method: string, url: string, body?: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}`, ...headers },
      ...(body ? { payload: body } : {}),
    });

  it('is shown once, stored hashed, listed with its last use, and works for its site', async () => {
    const made = await make({ name: 'Static build', role: 'editor' });
    expect(made.token).toMatch(/^ost_[\w-]{40,}$/);
    const listed = (await t.admin('GET', '/cms/api/api-tokens')).json().data.data as Record<string, unknown>[];
    const row = listed.find((r) => r.id === made.id)!;
    expect(row).toMatchObject({ name: 'Static build', role: 'editor', read_only: false, status: 'active', last_used_at: null });
    expect(row).not.toHaveProperty('token');
    expect(JSON.stringify(listed)).not.toContain(made.token);
    const stored = await t.app.ctx.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(made.token);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    const posts = await withToken(made.token, 'GET', '/cms/api/posts');
    expect(posts.statusCode, posts.body).toBe(200);
    const again = (await t.admin('GET', '/cms/api/api-tokens')).json().data.data as Record<string, unknown>[];
    expect(again.find((r) => r.id === made.id)!.last_used_at).toEqual(expect.any(String));
  });

  it('writes within its role, on behalf of its maker, and the activity log names the token', async () => {
    const made = await make({ name: 'Mobile app', role: 'editor' });
    const created = await withToken(made.token, 'POST', '/cms/api/faqs', sampleBody(ENTITIES.faqs));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const log = (await t.admin('GET', '/cms/api/activity?entity=faqs&action=create')).json().data.data as Record<
      string,
      unknown
    >[];
    expect(log.find((entry) => entry.record_id === id)?.user_name).toBe('API token “Mobile app”');
  });

  it('stays inside its site', async () => {
    const made = await make({ name: 'One site', role: 'admin' });
    const other = await withToken(made.token, 'GET', '/cms/api/posts', undefined, { app_key: OTHER_APP_KEY });
    expect(other.statusCode).toBe(403);
    expect(other.json().errors).toHaveProperty('app-key');
    const sites = (await withToken(made.token, 'GET', '/cms/api/applications')).json().data.data as { app_key: string }[];
    expect(sites.map((s) => s.app_key)).toEqual([APP_KEY]);
    expect((await withToken(made.token, 'POST', '/cms/api/applications', { name: 'New', app_key: 'new-site' })).statusCode).toBe(
      403,
    );
  });

  it('reads only, when made read-only', async () => {
    const made = await make({ name: 'Reader', role: 'editor', read_only: true });
    expect((await withToken(made.token, 'GET', '/cms/api/pages')).statusCode).toBe(200);
    const write = await withToken(made.token, 'POST', '/cms/api/faqs', sampleBody(ENTITIES.faqs));
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('This API token may not create faqs');
  });

  it('never manages users, tokens or security settings, nor uses a person’s own routes, whatever its role', async () => {
    const made = await make({ name: 'Admin-role token', role: 'admin' });
    const refused: [string, string, object?][] = [
      ['GET', '/cms/api/users'],
      ['POST', '/cms/api/users', { email: 'new@example.org', password: 'a-long-password', confirm_password: 'a-long-password' }],
      ['GET', '/cms/api/api-tokens'],
      ['POST', '/cms/api/api-tokens', { name: 'Another' }],
      ['DELETE', `/cms/api/api-tokens/${made.id}`],
      ['GET', '/cms/api/security-settings'],
      ['PUT', '/cms/api/security-settings', { revisionsPerRecord: 5 }],
      ['GET', '/cms/api/me'],
      ['GET', '/cms/api/me/sessions'],
      ['POST', '/cms/api/me/two-factor/setup', { current_password: 'anything' }],
    ];
    for (const [method, url, body] of refused) {
      const answer = await withToken(made.token, method, url, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(403);
    }
    // And an editor may not make tokens either.
    const editor = await signInAs(t, 'editor');
    expect((await editor.send('POST', '/cms/api/api-tokens', { name: 'Mine' })).statusCode).toBe(403);
  });

  it('is rate-limited per token, leaving people’s sessions alone', async () => {
    const made = await make({ name: 'Busy script', role: 'viewer' });
    const answers = [];
    for (let i = 0; i < LIMIT + 1; i += 1) answers.push(await withToken(made.token, 'GET', '/cms/api/faqs'));
    expect(answers.slice(0, LIMIT).every((a) => a.statusCode === 200)).toBe(true);
    const refused = answers[LIMIT]!;
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const other = await make({ name: 'Quiet script', role: 'viewer' });
    expect((await withToken(other.token, 'GET', '/cms/api/faqs')).statusCode).toBe(200);
    expect((await t.admin('GET', '/cms/api/faqs')).statusCode).toBe(200);
  });

  it('stops working when revoked', async () => {
    const made = await make({ name: 'Leaked', role: 'viewer' });
    expect((await withToken(made.token, 'GET', '/cms/api/faqs')).statusCode).toBe(200);
    const revoked = await t.admin('DELETE', `/cms/api/api-tokens/${made.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
    const after = await withToken(made.token, 'GET', '/cms/api/faqs');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/revoked or expired/);
  });

  it('takes an expiry in the future only, and stops working when it comes', async () => {
    const past = await t.admin('POST', '/cms/api/api-tokens', { name: 'Too late', expires_at: '2020-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors).toHaveProperty('expires_at');
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const made = await make({ name: 'Short-lived', role: 'viewer', expires_at: soon });
    expect((await withToken(made.token, 'GET', '/cms/api/faqs')).statusCode).toBe(200);
    // The hour passes.
    await t.app.ctx.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', made.id)
      .execute();
    expect((await withToken(made.token, 'GET', '/cms/api/faqs')).statusCode).toBe(401);
    const listed = (await t.admin('GET', '/cms/api/api-tokens')).json().data.data as Record<string, unknown>[];
    expect(listed.find((r) => r.id === made.id)!.status).toBe('expired');
  });

  it('refuses a token request with a bad field, storing nothing', async () => {
    const before = (await t.admin('GET', '/cms/api/api-tokens')).json().data.total;
    const bad = await t.admin('POST', '/cms/api/api-tokens', { name: '', role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['name', 'role']);
    expect((await t.admin('GET', '/cms/api/api-tokens')).json().data.total).toBe(before);
  });
});
