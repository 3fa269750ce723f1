/**
 * Contact messages are New until opened (read, unread again, counted), and subscribers and
 * messages download as CSV that a spreadsheet opens safely.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, OTHER_APP_KEY, createOtherApplication, signInAs, startTestApp, type TestApp } from './harness';

describe.each(await dialects())('messages and exports on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await createOtherApplication(t);
  });
  afterAll(() => t?.close());

  const write = async (name: string) =>
    (await t.visitor('POST', '/cms/messages', { name, email: 'visitor@example.org', message: `Hello from ${name}` })).json().data
      .id as number;
  const unread = async () => (await t.admin('GET', '/cms/api/messages/unread-count')).json().data.count as number;

  it('keeps visitors’ personal data (messages, subscribers, their exports) to editors and admins', async () => {
    const id = await write('Private');
    for (const role of ['viewer', 'author']) {
      const user = await signInAs(t, role);
      for (const url of [
        '/cms/api/messages',
        `/cms/api/messages/${id}`,
        '/cms/api/messages/unread-count',
        '/cms/api/messages/export.csv',
        '/cms/api/subscribers',
        '/cms/api/subscribers/export.csv',
      ]) {
        expect((await user.send('GET', url)).statusCode, `${role} ${url}`).toBe(403);
      }
      expect((await user.send('POST', `/cms/api/messages/${id}/read`)).statusCode, role).toBe(403);
    }
    const editor = await signInAs(t, 'editor');
    expect((await editor.send('GET', '/cms/api/subscribers/export.csv')).statusCode).toBe(200);
    expect((await editor.send('POST', `/cms/api/messages/${id}/read`)).statusCode).toBe(200);
  });

  it('a new message is unread; opening marks it read once; it can be unread again; the count follows', async () => {
    const before = await unread();
    const id = await write('Ann');
    expect(await unread()).toBe(before + 1);
    expect((await t.admin('GET', `/cms/api/messages/${id}`)).json().data.read_at).toBeNull();

    const read = await t.admin('POST', `/cms/api/messages/${id}/read`);
    expect(read.statusCode, read.body).toBe(200);
    const firstRead = read.json().data.read_at as string;
    expect(firstRead).toMatch(/^\d{4}-/);
    expect(await unread()).toBe(before);
    // Opening it again keeps the first reading.
    expect((await t.admin('POST', `/cms/api/messages/${id}/read`)).json().data.read_at).toBe(firstRead);

    expect((await t.admin('DELETE', `/cms/api/messages/${id}/read`)).json().data.read_at).toBeNull();
    expect(await unread()).toBe(before + 1);
    // A message in the Trash is not counted.
    await t.admin('DELETE', `/cms/api/messages/${id}`);
    expect(await unread()).toBe(before);
    expect((await t.admin('POST', `/cms/api/messages/${id}/read`)).statusCode).toBe(404);
  });

  it("counts and marks only the site's own messages", async () => {
    const id = await write('Bob');
    const elsewhere = { app_key: OTHER_APP_KEY };
    expect((await t.admin('POST', `/cms/api/messages/${id}/read`, undefined, elsewhere)).statusCode).toBe(404);
    expect((await t.admin('GET', '/cms/api/messages/unread-count', undefined, elsewhere)).json().data.count).toBe(0);
  });

  it('exports subscribers as CSV, with formulas defused and quotes escaped', async () => {
    await t.visitor('POST', '/cms/subscribers', { name: '=HYPERLINK("http://evil")', email: 'formula@example.org' });
    await t.visitor('POST', '/cms/subscribers', { name: 'Smith, "Jo"', email: 'jo@example.org' });
    const csv = await t.admin('GET', '/cms/api/subscribers/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-demo-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // Whether each address confirmed its subscription goes with it (issue #53, L9), and the
    // language its mail goes in (#59).
    expect(lines[0]).toBe('id,created_at,updated_at,name,email,status,confirmation,locale,app_id');
    expect(lines.some((l) => l.includes(`"'=HYPERLINK(""http://evil"")",formula@example.org`))).toBe(true);
    expect(lines.some((l) => l.includes('"Smith, ""Jo""",jo@example.org'))).toBe(true);
    const total = (await t.admin('GET', '/cms/api/subscribers')).json().data.total as number;
    expect(lines.length - 1).toBe(total);
  });

  it('exports messages as CSV with their read state', async () => {
    await write('Cleo');
    const lines = (await t.admin('GET', '/cms/api/messages/export.csv')).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('id,created_at,updated_at,name,email,message,read_at');
    expect(lines.some((l) => l.includes('Cleo,visitor@example.org,Hello from Cleo,'))).toBe(true);
  });
});
