/**
 * An API token never outlives what its maker may do (issue #53, M2), on both databases: a change of
 * the maker's role, sites or password, a reset link used and signing them out everywhere revoke
 * their tokens and log each; and even before that, on every request, a token acts with no more than
 * its maker's current role, on the maker's current sites only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES } from '../../src/shared/entities';
import {
  APP_KEY,
  createOtherApplication,
  dialects,
  OTHER_APP_KEY,
  signInAs,
  startTestApp,
  type SignedIn,
  type TestApp,
} from './harness';
import { sampleBody } from './samples';

describe.each(await dialects())('API tokens follow their maker on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());

  /** A second admin, B, and an admin-role token B makes for the test site. */
  const adminWithToken = async (role = 'admin') => {
    const maker = await signInAs(t, 'admin', null);
    const made = await maker.send('POST', '/cms/api/api-tokens', { name: `B’s ${role} token`, role });
    expect(made.statusCode, made.body).toBe(201);
    return { maker, token: made.json().data as { id: number; token: string } };
  };
  const withToken = (token: string, method: string, url: string, body?: object) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(body ? { payload: body } : {}),
    });
  const webhook = () => sampleBody(ENTITIES.webhooks);
  const setUser = (id: number, values: Record<string, unknown>) =>
    t.app.ctx.database.db.updateTable('users').set(values).where('id', '=', id).execute();

  /** The activity entry that says the token was revoked, and why. */
  const revocationOf = async (tokenId: number) => {
    const log = (await t.admin('GET', '/cms/api/activity?entity=tokens&action=delete&size=100')).json().data.data as {
      record_id: number;
      app_key: string;
      changes: Record<string, [unknown, unknown]> | null;
    }[];
    return log.find((entry) => entry.record_id === tokenId);
  };
  const expectRevoked = async (token: { id: number; token: string }, because: string) => {
    const answer = await withToken(token.token, 'GET', '/cms/api/posts');
    expect(answer.statusCode, answer.body).toBe(401);
    const listed = (await t.admin('GET', '/cms/api/api-tokens?size=100')).json().data.data as { id: number; status: string }[];
    expect(listed.find((row) => row.id === token.id)?.status).toBe('revoked');
    const entry = await revocationOf(token.id);
    expect(entry, 'an activity entry for the revoked token').toBeDefined();
    expect(entry!.app_key).toBe(APP_KEY);
    expect(String(entry!.changes?.revoked_because?.[1])).toContain(because);
  };

  it('the review’s repro: demoted and given a new password, B’s admin token stops working', async () => {
    const { maker, token } = await adminWithToken();
    expect((await withToken(token.token, 'GET', '/cms/api/webhooks')).statusCode).toBe(200);
    const demoted = await t.admin('PUT', `/cms/api/users/${maker.id}`, { role: 'viewer', sites: APP_KEY });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const password = 'a-brand-new-password';
    const changed = await t.admin('PUT', `/cms/api/users/${maker.id}`, { password, confirm_password: password });
    expect(changed.statusCode, changed.body).toBe(200);
    for (const [method, url, body] of [
      ['GET', '/cms/api/webhooks'],
      ['GET', '/cms/api/messages'],
      ['POST', '/cms/api/webhooks', webhook()],
    ] as const) {
      const answer = await withToken(token.token, method, url, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(401);
    }
    await expectRevoked(token, 'role-change');
  });

  const causes: [string, (maker: SignedIn) => Promise<void>][] = [
    [
      'role-change',
      async (maker) => {
        expect((await t.admin('PUT', `/cms/api/users/${maker.id}`, { role: 'editor', sites: APP_KEY })).statusCode).toBe(200);
      },
    ],
    [
      'sites-change',
      async (maker) => {
        expect((await t.admin('PUT', `/cms/api/users/${maker.id}`, { sites: OTHER_APP_KEY })).statusCode).toBe(200);
      },
    ],
    [
      'password-change',
      async (maker) => {
        const password = 'changed-by-an-admin';
        const answer = await t.admin('PUT', `/cms/api/users/${maker.id}`, { password, confirm_password: password });
        expect(answer.statusCode, answer.body).toBe(200);
      },
    ],
    [
      'password-change',
      async (maker) => {
        const password = 'changed-by-themselves';
        const body = { password, confirm_password: password, current_password: maker.password };
        const answer = await maker.send('PUT', '/cms/api/me', body);
        expect(answer.statusCode, answer.body).toBe(200);
      },
    ],
    [
      'password-reset',
      async (maker) => {
        const link = await t.admin('POST', `/cms/api/users/${maker.id}/reset-link`);
        // The link carries its token after '#', so it never reaches a server's log.
        const resetToken = new URLSearchParams(new URL(link.json().data.url as string).hash.slice(1)).get('token');
        const password = 'set-with-a-reset-link';
        const used = await t.app.inject({
          method: 'POST',
          url: '/cms/api/password-reset',
          payload: { token: resetToken, password, confirm_password: password },
        });
        expect(used.statusCode, used.body).toBe(200);
      },
    ],
    [
      'signed-out-everywhere',
      async (maker) => {
        expect((await t.admin('POST', `/cms/api/users/${maker.id}/sign-out`)).statusCode).toBe(200);
      },
    ],
    [
      'signed-out-everywhere',
      async (maker) => {
        expect((await maker.send('DELETE', '/cms/api/me/sessions')).statusCode).toBe(200);
      },
    ],
  ];
  it.each(causes.map(([cause, act], i) => [`${cause} (${i + 1})`, cause, act] as const))(
    '%s revokes the maker’s tokens and logs it',
    async (_label, cause, act) => {
      const { maker, token } = await adminWithToken();
      const other = await adminWithToken('viewer');
      expect((await withToken(token.token, 'GET', '/cms/api/posts')).statusCode).toBe(200);
      await act(maker);
      await expectRevoked(token, cause);
      // Another admin's tokens are not theirs to lose.
      expect((await withToken(other.token.token, 'GET', '/cms/api/posts')).statusCode).toBe(200);
    },
  );

  it('an edit that changes none of role, sites or password leaves the tokens working', async () => {
    const { maker, token } = await adminWithToken();
    expect((await t.admin('PUT', `/cms/api/users/${maker.id}`, { name: 'Renamed' })).statusCode).toBe(200);
    expect((await withToken(token.token, 'GET', '/cms/api/webhooks')).statusCode).toBe(200);
    expect(await revocationOf(token.id)).toBeUndefined();
  });

  it('acts with no more than the maker’s role now, even when nothing revoked it', async () => {
    const { maker, token } = await adminWithToken();
    // Changed straight in the database: no hook ran, so only the per-request check stands.
    await setUser(maker.id, { role: 'viewer', sites: APP_KEY });
    expect((await withToken(token.token, 'GET', '/cms/api/posts')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['GET', '/cms/api/webhooks'],
      ['GET', '/cms/api/messages'],
      ['POST', '/cms/api/webhooks', webhook()],
      ['POST', '/cms/api/faqs', sampleBody(ENTITIES.faqs)],
    ] as const) {
      const answer = await withToken(token.token, method, url, body);
      expect(answer.statusCode, `${method} ${url}: ${answer.body}`).toBe(403);
    }
    // An editor maker: the admin token writes content again, but still reaches no site settings.
    await setUser(maker.id, { role: 'editor' });
    expect((await withToken(token.token, 'POST', '/cms/api/faqs', sampleBody(ENTITIES.faqs))).statusCode).toBe(201);
    expect((await withToken(token.token, 'GET', '/cms/api/webhooks')).statusCode).toBe(403);
    // And never more than its own role: a viewer token of an admin maker stays a viewer.
    const { token: viewerToken } = await adminWithToken('viewer');
    expect((await withToken(viewerToken.token, 'POST', '/cms/api/faqs', sampleBody(ENTITIES.faqs))).statusCode).toBe(403);
  });

  it('works only while the maker works on the token’s site', async () => {
    const { maker, token } = await adminWithToken('editor');
    await setUser(maker.id, { role: 'editor', sites: OTHER_APP_KEY });
    const answer = await withToken(token.token, 'GET', '/cms/api/posts');
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().message).toMatch(/no longer works on the site/);
    await setUser(maker.id, { sites: `${OTHER_APP_KEY},${APP_KEY}` });
    expect((await withToken(token.token, 'GET', '/cms/api/posts')).statusCode).toBe(200);
  });
});
