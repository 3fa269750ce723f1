/**
 * The activity log files each entry under the site it is about (issue 29, finding 7): an
 * account's changes under no site, a site's settings under that site whichever site the admin was
 * working in; a site's editors read only what their role may read, and a site's webhooks hear only
 * of that site. SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_KEY, createOtherApplication, dialects, OTHER_APP_KEY, signInAs, startTestApp, type TestApp } from './harness';

interface Entry {
  action: string;
  entity: string | null;
  record_id: number | null;
  app_key: string | null;
}

describe.each(await dialects())('activity filing on %s', (dialect) => {
  let t: TestApp;
  const entries = async (where: (entry: Entry) => boolean) =>
    ((await t.admin('GET', '/cms/api/activity?size=100')).json().data.data as Entry[]).filter(where);
  const deliveries = (appKey: string) =>
    t.app.ctx.database.db.selectFrom('webhook_deliveries').select('payload').where('app_key', '=', appKey).execute();

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
    for (const appKey of [APP_KEY, OTHER_APP_KEY]) {
      const hook = await t.admin(
        'POST',
        '/cms/api/webhooks',
        { name: `Hook of ${appKey}`, url: `http://127.0.0.1:9/hook-${appKey}`, status: 1 },
        { app_key: appKey },
      );
      expect(hook.statusCode, hook.body).toBe(201);
    }
  });
  afterAll(() => t?.close());

  it('files a change of an account under no site, and the working site’s editor does not read it', async () => {
    const user = await signInAs(t, 'viewer');
    expect((await t.admin('PUT', `/cms/api/users/${user.id}`, { name: 'Renamed by an admin' })).statusCode).toBe(200);
    const [entry] = await entries((e) => e.entity === 'users' && e.record_id === user.id && e.action === 'update');
    expect(entry?.app_key).toBeNull();
    const editor = await signInAs(t, 'editor');
    const seen = (await editor.send('GET', '/cms/api/activity?size=100')).json().data.data as Entry[];
    expect(seen.some((e) => e.entity === 'users')).toBe(false);
  });

  it('files another site’s settings under that site, and only that site’s webhooks hear of it', async () => {
    const demoBefore = (await deliveries(APP_KEY)).length;
    const otherBefore = (await deliveries(OTHER_APP_KEY)).length;
    const put = await t.admin('PUT', `/cms/api/applications/${OTHER_APP_KEY}`, { name: 'Other site, renamed' });
    expect(put.statusCode, put.body).toBe(200);
    const [entry] = await entries((e) => e.entity === 'applications' && e.action === 'settings-change');
    expect(entry?.app_key).toBe(OTHER_APP_KEY);
    expect((await deliveries(APP_KEY)).length).toBe(demoBefore);
    expect((await deliveries(OTHER_APP_KEY)).length).toBe(otherBefore + 1);
    const editor = await signInAs(t, 'editor');
    const seen = (await editor.send('GET', '/cms/api/activity?size=100')).json().data.data as Entry[];
    expect(seen.some((e) => e.entity === 'applications' && e.app_key === OTHER_APP_KEY)).toBe(false);
  });

  it('shows a site’s editor only entries of what their role may read (not its webhooks)', async () => {
    const hooks = (await t.admin('GET', '/cms/api/webhooks')).json().data.data as { id: number }[];
    expect((await t.admin('PUT', `/cms/api/webhooks/${hooks[0]!.id}`, { events: 'created' })).statusCode).toBe(200);
    expect((await entries((e) => e.entity === 'webhooks' && e.app_key === APP_KEY)).length).toBeGreaterThan(0);
    const faq = await t.admin('POST', '/cms/api/faqs', { faq_title: 'Filed here', status: 1 });
    const editor = await signInAs(t, 'editor');
    const seen = (await editor.send('GET', '/cms/api/activity?size=100')).json().data.data as Entry[];
    expect(seen.some((e) => e.entity === 'webhooks')).toBe(false);
    expect(seen.some((e) => e.entity === 'faqs' && e.record_id === faq.json().data.id)).toBe(true);
  });
});
