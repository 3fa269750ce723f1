/**
 * A built form's file field (issue 60: a career's CV): the visitor's file arrives through the
 * resumable path (/cms/form-uploads, tus 1.0), scoped to the site, refused with the field named
 * when its type or size is not the field's, kept outside the media library and never public,
 * bound to the entry that names it once, downloaded only by staff who may read entries, and
 * erased with its entry. Through the real server, on both databases.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseExpiredEntries } from '../../src/server/content/built-forms';
import { eraseLooseFiles } from '../../src/server/content/entry-files';
import { LIMITS } from '../../src/shared/limits';
import {
  APP_KEY,
  createOtherApplication,
  dialects,
  OTHER_APP_KEY,
  signInAs,
  sourceBuild,
  startTestApp,
  type TestApp,
} from './harness';
import { metadata, OCTETS, over, TUS } from './tus';

const FIELDS = [
  { name: 'full_name', kind: 'text', label: 'Name', required: true },
  { name: 'email', kind: 'email', label: 'Email', required: true },
  { name: 'cv', kind: 'file', label: 'CV', required: true, accept: '.pdf', max_mb: 6 },
];

/** A PDF of `size` bytes: its signature first, then filler. */
const pdf = (size: number) => {
  const head = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1');
  return Buffer.concat([head, randomBytes(size - head.length - 6), Buffer.from('%%EOF\n')]);
};

/** A plain form's multipart post: its fields, and files as [field, name, bytes]. */
function formData(fields: Record<string, string>, files: [string, string, Buffer][]) {
  const boundary = '----orgsite-form-files';
  const parts = [
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    ...files.flatMap(([name, filename, bytes]) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(await dialects())('form files on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  let formId: number;
  let key = 0;

  const tus = (method: string, url: string, headers: Record<string, string> = {}, payload?: Buffer, appKey = APP_KEY) =>
    over(base, method, url, { 'app-key': appKey, ...TUS, ...headers }, payload);
  const start = (size: number, fields: Record<string, string>, appKey = APP_KEY) =>
    tus('POST', '/cms/form-uploads', { 'upload-length': String(size), 'upload-metadata': metadata(fields) }, undefined, appKey);
  /** Sends `bytes` as the file of field `cv`, in parts, the link cut after the first; answers its id. */
  const upload = async (bytes: Buffer, filename = 'cv.pdf') => {
    const started = await start(bytes.length, { form: String(formId), field: 'cv', filename });
    expect(started.statusCode, started.body).toBe(201);
    const at = started.headers.location!;
    expect(at).toMatch(/^\/cms\/form-uploads\/[a-f0-9]{32}$/);
    const part = Math.max(LIMITS.upload.minPartBytes, Math.floor(bytes.length / 3));
    let offset = 0;
    while (offset < bytes.length) {
      // After a cut, the visitor's client asks where to carry on.
      const head = await tus('HEAD', at);
      expect(head.statusCode).toBe(200);
      offset = Number(head.headers['upload-offset']);
      const sent = await tus('PATCH', at, { ...OCTETS, 'upload-offset': String(offset) }, bytes.subarray(offset, offset + part));
      if (sent.statusCode !== 204) return { at, refused: sent };
      offset = Number(sent.headers['upload-offset']);
    }
    return { at, id: at.split('/').pop()! };
  };
  const apply = (body: Record<string, unknown>, idempotency = `files-${dialect}-${++key}-${Date.now()}`) =>
    t.visitor(
      'POST',
      `/cms/forms/${formId}/entries`,
      { full_name: 'Rahima Begum', email: 'rahima@example.org', ...body },
      {
        'idempotency-key': idempotency,
      },
    );
  const rows = () => t.app.ctx.database.db.selectFrom('entry_files').selectAll().execute();
  const stored = async () => {
    const keys: string[] = [];
    for await (const object of t.app.ctx.storage.list('_entries/')) keys.push(object.key);
    return keys;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir: sourceBuild() });
    await createOtherApplication(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const made = await t.admin('POST', '/cms/api/forms', {
      title: 'Job application',
      fields: JSON.stringify(FIELDS),
      retention_days: 30,
      status: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    formId = made.json().data.id;
    // A page with the form, where its plain post goes and is drawn again around a refusal.
    const page = await t.admin('POST', '/cms/api/pages', { title: 'Apply', slug: `apply-${dialect}`, status: 1 });
    expect(page.statusCode, page.body).toBe(201);
    const section = await t.admin('POST', '/cms/api/sections', {
      page_id: page.json().data.id,
      name: 'Application',
      template: 'form',
      form_id: formId,
      status: 1,
    });
    expect(section.statusCode, section.body).toBe(201);
  });
  afterAll(() => t?.close());

  it('takes a CV over a link cut twice, binds it to one entry, and lets only staff download it', async () => {
    const cv = pdf(5 * 1024 * 1024);
    const { id } = await upload(cv, 'Rahima CV.pdf');
    expect(id).toBeDefined();
    const idempotency = `files-${dialect}-cv-${Date.now()}`;
    const sent = await apply({ cv: id }, idempotency);
    expect(sent.statusCode, sent.body).toBe(201);
    const entryId = sent.json().data.id as number;
    // Sent again (the answer was lost): the same entry, the same one file.
    const again = await apply({ cv: id }, idempotency);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.id).toBe(entryId);
    const mine = (await rows()).filter((row) => row.entry_id === entryId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: 'Rahima CV.pdf', mime: 'application/pdf', size: cv.length, field: 'cv' });
    // Kept outside the media library and its public addresses.
    expect(mine[0]!.storage_key).toMatch(/^_entries\//);
    const library = (await t.admin('GET', '/cms/api/files')).json().files as { original_name?: string; mime?: string }[];
    expect(library.filter((file) => file.mime === 'application/pdf')).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: `/uploads/${mine[0]!.storage_key}` })).statusCode).toBe(404);
    // The entry's answer names the file; staff list and download it whole.
    const entry = (await t.admin('GET', `/cms/api/form-entries/${entryId}`)).json().data;
    expect(JSON.parse(entry.data).cv).toBe('Rahima CV.pdf');
    const listed = await t.admin('GET', `/cms/api/form-entries/${entryId}/files`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [file] = listed.json().data.data as { id: number; name: string; field: string }[];
    expect(file).toMatchObject({ name: 'Rahima CV.pdf', field: 'cv' });
    const download = `/cms/api/form-entries/${entryId}/files/${file!.id}`;
    const got = await t.admin('GET', download);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(cv)).toBe(true);
    expect(got.headers['content-disposition']).toMatch(/^attachment; /);
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    // Nobody else: not a visitor, not anyone signed out, not a role without entries, not another site.
    expect((await t.visitor('GET', download)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: download })).statusCode).toBe(401);
    const author = await signInAs(t, 'author');
    expect((await author.send('GET', download)).statusCode).toBe(403);
    expect((await t.admin('GET', download, undefined, { app_key: OTHER_APP_KEY })).statusCode).toBe(404);
    // Its upload is no one else's: another site does not see it.
    expect((await tus('HEAD', `/cms/form-uploads/${id}`, {}, undefined, OTHER_APP_KEY)).statusCode).toBe(404);
  });

  it('refuses a file of the wrong type or too big with the field named, keeping nothing', async () => {
    const before = await rows();
    const named = await start(1000, { form: String(formId), field: 'cv', filename: 'cv.exe' });
    expect(named.statusCode).toBe(400);
    expect(named.json().errors).toHaveProperty('cv');
    const big = await start(7 * 1024 * 1024, { form: String(formId), field: 'cv', filename: 'cv.pdf' });
    expect(big.statusCode).toBe(400);
    expect(big.json().errors).toHaveProperty('cv');
    // Named .pdf, but not one: refused when it is whole, and nothing of it is kept.
    const { refused } = await upload(Buffer.concat([Buffer.from('MZ'), randomBytes(300_000)]), 'cv.pdf');
    expect(refused?.statusCode).toBe(400);
    expect(refused?.json().errors).toHaveProperty('cv');
    expect(await rows()).toHaveLength(before.length);
    // An entry naming no landed file is refused on that field; the other answers are not at fault.
    const missing = await apply({ cv: 'f'.repeat(32) });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors)).toEqual(['cv']);
    const none = await apply({});
    expect(none.statusCode).toBe(400);
    expect(Object.keys(none.json().errors)).toEqual(['cv']);
  });

  it('refuses an upload bound to another entry, or of another site', async () => {
    const { id } = await upload(pdf(300_000));
    expect((await apply({ cv: id })).statusCode).toBe(201);
    // A second submission cannot take the same file.
    const second = await apply({ cv: id, full_name: 'Someone Else' });
    expect(second.statusCode).toBe(400);
    expect(second.json().errors).toHaveProperty('cv');
    const other = await t.app.inject({
      method: 'POST',
      url: `/cms/forms/${formId}/entries`,
      headers: { 'app-key': OTHER_APP_KEY },
      payload: { full_name: 'X', email: 'x@example.org', cv: id },
    });
    expect(other.statusCode).toBe(404);
  });

  it('without JavaScript, takes the file in the plain multipart post; a wrong type is refused with the other answers kept', async () => {
    const post = (fields: Record<string, string>, files: [string, string, Buffer][]) =>
      t.app.inject({ method: 'POST', url: `/apply-${dialect}?form=built-${formId}`, ...formData(fields, files) });
    const before = (await rows()).length;
    const wrong = await post({ full_name: 'Keep my words', email: 'kept@example.org', cv: '' }, [
      ['cv', 'cv.exe', Buffer.from('MZ not a CV')],
    ]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('value="Keep my words"');
    expect(wrong.body).toContain('value="kept@example.org"');
    expect(wrong.body).toContain('This type of file is not accepted here.');
    expect(wrong.body).toMatch(/enctype="multipart\/form-data"/i);
    expect((await rows()).length).toBe(before);
    // Another answer refused: the file is kept, and the page drawn again holds it (not asked twice).
    const cv = pdf(300_000);
    const other = await post({ full_name: 'Keep my words', email: 'wrong', cv: '' }, [['cv', 'plain.pdf', cv]]);
    expect(other.statusCode).toBe(400);
    const kept = (await rows()).find((row) => row.name === 'plain.pdf')!;
    expect(kept.entry_id).toBeNull();
    expect(other.body).toContain(`value="${kept.upload_id}"`);
    const key = `plain-${dialect}-${Date.now()}`;
    const again = () =>
      post({ full_name: 'Keep my words', email: 'kept@example.org', cv: kept.upload_id, idempotency_key: key }, []);
    const stored = await again();
    expect(stored.statusCode, stored.body).toBe(303);
    expect((await again()).statusCode).toBe(303);
    const bound = (await rows()).filter((row) => row.name === 'plain.pdf');
    expect(bound).toHaveLength(1);
    expect(bound[0]!.entry_id).not.toBeNull();
    // And in one post, file and answers together.
    const whole = await post({ full_name: 'In one go', email: 'one@example.org', cv: '' }, [['cv', 'one.pdf', cv]]);
    expect(whole.statusCode, whole.body).toBe(303);
    expect((await rows()).find((row) => row.name === 'one.pdf')?.entry_id).not.toBeNull();
  });

  it('an erasure by address takes the entry’s files at once', async () => {
    const { id } = await upload(pdf(300_000), 'erase-me.pdf');
    const sent = await apply({ cv: id, email: `erase-${dialect}@example.org` });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await rows()).some((row) => row.name === 'erase-me.pdf')).toBe(true);
    const erased = await t.admin('POST', '/cms/api/people/erase', { email: `erase-${dialect}@example.org` });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data.form_entries).toBe(1);
    expect((await rows()).some((row) => row.name === 'erase-me.pdf')).toBe(false);
  });

  it('erases files with their entries (retention), and uploads no entry took after a day', async () => {
    const { id: loose } = await upload(pdf(300_000));
    expect((await rows()).some((row) => row.upload_id === loose && row.entry_id === null)).toBe(true);
    expect((await stored()).length).toBeGreaterThan(0);
    expect(await eraseLooseFiles(t.app.ctx)).toBe(0);
    // A day later, the upload no entry named is gone; the bound ones stay with their entries.
    expect(await eraseLooseFiles(t.app.ctx, Date.now() + 2 * 86_400_000)).toBe(1);
    expect((await rows()).some((row) => row.upload_id === loose)).toBe(false);
    expect((await rows()).length).toBeGreaterThan(0);
    await eraseExpiredEntries(t.app.ctx, Date.now() + 31 * 86_400_000);
    expect(await rows()).toHaveLength(0);
    expect(await stored()).toHaveLength(0);
  });
});
