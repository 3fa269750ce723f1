/**
 * Careers take applications (issue 60): a career names a form, which takes an application for it
 * only between the career's application start and end (409 before and after, nothing stored);
 * an entry records the career it was for; the career page lists openings open or closed and draws
 * an open one's form with its plain post, before any script. Through the real server, on both
 * databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, sourceBuild, startTestApp, type TestApp } from './harness';

const FIELDS = [
  { name: 'full_name', kind: 'text', label: 'Name', label_bn: 'নাম', required: true, max: 80 },
  { name: 'email', kind: 'email', label: 'Email', required: true },
  { name: 'referee', kind: 'email', label: 'Referee’s email' },
  { name: 'note', kind: 'text', label: 'Note' },
];

const dateTimeOf = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
const DAY = 86_400_000;

describe.each(await dialects())('career applications on %s', (dialect) => {
  let t: TestApp;
  let formId: number;
  let otherFormId: number;
  const careers: Record<'open' | 'future' | 'past' | 'otherForm', number> = { open: 0, future: 0, past: 0, otherForm: 0 };
  let key = 0;

  const makeForm = async (title: string) => {
    const made = await t.admin('POST', '/cms/api/forms', { title, fields: JSON.stringify(FIELDS), status: 1 });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.id as number;
  };
  const makeCareer = async (title: string, from: number, to: number, form: number) => {
    const made = await t.admin('POST', '/cms/api/careers', {
      title,
      content: `What ${title} does.`,
      application_start_at: dateTimeOf(Date.now() + from * DAY),
      application_end_at: dateTimeOf(Date.now() + to * DAY),
      form_id: form,
      status: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().data.id as number;
  };

  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir: sourceBuild() });
    formId = await makeForm('Job application');
    otherFormId = await makeForm('Volunteer sign-up');
    careers.open = await makeCareer('Field Officer', -1, 10, formId);
    careers.future = await makeCareer('Branch Manager', 5, 20, formId);
    careers.past = await makeCareer('Accountant', -20, -2, formId);
    careers.otherForm = await makeCareer('Driver', -1, 10, otherFormId);
  });
  afterAll(() => t?.close());

  const apply = (career: number | undefined, body: Record<string, unknown> = {}) =>
    t.visitor(
      'POST',
      `/cms/forms/${formId}/entries`,
      { full_name: 'Rahima Begum', email: 'Rahima@Example.org', ...(career ? { career_id: career } : {}), ...body },
      { 'idempotency-key': `career-${dialect}-${++key}-${Date.now()}` },
    );
  const entries = async () => {
    const list = await t.admin('GET', `/cms/api/form-entries?size=100`);
    expect(list.statusCode, list.body).toBe(200);
    return (list.json().data.data as { id: number; form_id: number; career_id: number | null; email: string | null }[]).filter(
      (entry) => entry.form_id === formId,
    );
  };

  it('takes an application to an open career and records the career it was for', async () => {
    const sent = await apply(careers.open);
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().data.id as number;
    const stored = await t.admin('GET', `/cms/api/form-entries/${id}`);
    expect(stored.json().data).toMatchObject({ form_id: formId, career_id: careers.open, email: 'rahima@example.org' });
    // The same answers for the form alone are another entry, bound to no career.
    const plain = await apply(undefined);
    expect(plain.statusCode, plain.body).toBe(201);
    expect((await t.admin('GET', `/cms/api/form-entries/${plain.json().data.id}`)).json().data.career_id).toBeNull();
  });

  it('refuses an application before its career opens and after it closes (409, errors.form), storing nothing', async () => {
    const before = (await entries()).length;
    const early = await apply(careers.future);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors.form).toBe('careers.closed.notYet');
    expect(early.json().message).toMatch(/Applications open on/);
    const late = await apply(careers.past);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors.form).toBe('careers.closed.ended');
    expect((await entries()).length).toBe(before);
  });

  it('refuses a career that does not take this form, a missing one and a malformed one, storing nothing', async () => {
    const before = (await entries()).length;
    expect((await apply(careers.otherForm)).statusCode).toBe(404);
    expect((await apply(999_999)).statusCode).toBe(404);
    const malformed = await apply(undefined, { career_id: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveProperty('career_id');
    const off = await t.admin('POST', '/cms/api/careers', { title: 'Hidden', form_id: formId, status: 0 });
    expect((await apply(off.json().data.id)).statusCode).toBe(404);
    expect((await entries()).length).toBe(before);
  });

  it('the career page lists openings open and closed with their state, drawn by the server', async () => {
    const drawn = await t.app.inject({ method: 'GET', url: '/career' });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain('Field Officer');
    expect(drawn.body).toContain('Branch Manager');
    expect(drawn.body).toContain('Accountant');
    expect(drawn.body).toMatch(/data-career-state="open"[^>]*>Open</);
    expect(drawn.body).toMatch(/data-career-state="notYet"[^>]*>Opening soon</);
    expect(drawn.body).toMatch(/data-career-state="ended"[^>]*>Closed</);
    expect(drawn.body).toContain(`href="/career?career=${careers.open}"`);
    // The list draws no form: only one opening's page does.
    expect(drawn.body).not.toContain('data-island="built-form"');
  });

  it('an open career’s page draws its form with the career and its plain post; a closed one says why', async () => {
    const open = await t.app.inject({ method: 'GET', url: `/career?career=${careers.open}` });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('What Field Officer does.');
    expect(open.body).toContain(`action="/career?career=${careers.open}&amp;form=built-${formId}#built-${formId}-form"`);
    expect(open.body).toContain(`name="career_id" value="${careers.open}"`);
    expect(open.body).toContain('data-island="built-form"');
    const future = await t.app.inject({ method: 'GET', url: `/career?career=${careers.future}` });
    expect(future.body).toContain('Applications open on');
    expect(future.body).not.toContain('name="career_id"');
    const past = await t.app.inject({ method: 'GET', url: `/career?career=${careers.past}` });
    expect(past.body).toContain('Applications are closed.');
    expect(past.body).not.toContain('name="career_id"');
    const bangla = await t.app.inject({ method: 'GET', url: `/bn/career?career=${careers.past}` });
    expect(bangla.body).toContain('আবেদন গ্রহণ বন্ধ।');
  });

  it('a plain post of an application stores it once for its career; outside the dates it is refused', async () => {
    const before = (await entries()).length;
    const post = (career: number, name: string) =>
      t.app.inject({
        method: 'POST',
        url: `/career?career=${career}&form=built-${formId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          full_name: name,
          email: 'plain@example.org',
          career_id: String(career),
          idempotency_key: `plain-career-${dialect}-${career}-${Date.now()}`,
        }).toString(),
      });
    const stored = await post(careers.open, 'Karim Plain');
    expect(stored.statusCode, stored.body).toBe(303);
    expect(stored.headers.location).toBe(`/career?career=${careers.open}&sent=built-${formId}`);
    const list = await entries();
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({ career_id: careers.open, email: 'plain@example.org' });
    const refused = await post(careers.past, 'Too Late');
    // The career's page again, saying why: a closed opening draws no form to keep words in.
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Applications are closed.');
    expect((await entries()).length).toBe(before + 1);
  });

  it('lists one form’s entries by day and by read or unread, with its new count; opening one marks it read', async () => {
    const listOf = async (query = '') => {
      const list = await t.admin('GET', `/cms/api/forms/${formId}/entries${query}`);
      expect(list.statusCode, list.body).toBe(200);
      return list.json() as { unread: number; data: { data: { id: number; read_at: string | null }[]; total: number } };
    };
    const all = await listOf();
    expect(all.data.total).toBeGreaterThan(1);
    expect(all.unread).toBe(all.data.total);
    const first = all.data.data[0]!.id;
    const newCount = async () => (await t.admin('GET', '/cms/api/form-entries/unread-count')).json().data.count as number;
    const before = await newCount();
    expect((await t.admin('POST', `/cms/api/form-entries/${first}/read`)).json().data.read_at).toBeTruthy();
    expect(await newCount()).toBe(before - 1);
    const unread = await listOf('?read=unread');
    expect(unread.data.data.map((entry) => entry.id)).not.toContain(first);
    expect(unread.unread).toBe(all.data.total - 1);
    expect((await listOf('?read=read')).data.data.map((entry) => entry.id)).toEqual([first]);
    // Marked unread again, it is new again.
    expect((await t.admin('DELETE', `/cms/api/form-entries/${first}/read`)).json().data.read_at).toBeNull();
    expect(await newCount()).toBe(before);
    // By day: today's are all of them; a day before and a day after have none.
    const today = new Date().toISOString().slice(0, 10);
    const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
    expect((await listOf(`?from=${today}&to=${today}`)).data.total).toBe(all.data.total);
    expect((await listOf(`?to=${day(-1)}`)).data.total).toBe(0);
    expect((await listOf(`?from=${day(1)}`)).data.total).toBe(0);
    // By their words, in the address, the summary or the answers, whatever their case.
    const findable = await apply(undefined, {
      full_name: 'Shirin Akter',
      email: 'shirin@example.org',
      note: 'Branch Kumarkhali',
    });
    expect(findable.statusCode, findable.body).toBe(201);
    const findableId = findable.json().data.id as number;
    for (const words of ['SHIRIN@example', 'shirin akter', 'kumarkhali']) {
      const found = await listOf(`?search_key=${encodeURIComponent(words)}`);
      expect(
        found.data.data.map((entry) => entry.id),
        words,
      ).toEqual([findableId]);
    }
    expect((await listOf(`?search_key=${encodeURIComponent('nobody-here')}&read=unread`)).data.total).toBe(0);
    // Found only among this form's entries, with the other filters applied too.
    expect((await listOf(`?search_key=shirin&to=${day(-1)}`)).data.total).toBe(0);
    const tooLong = await t.admin('GET', `/cms/api/forms/${formId}/entries?search_key=${'x'.repeat(201)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toMatch(/search_key/);
    const bad = await t.admin('GET', `/cms/api/forms/${formId}/entries?from=yesterday`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/from/);
    expect((await t.admin('GET', '/cms/api/forms/999999/entries')).statusCode).toBe(404);
    expect((await t.admin('POST', '/cms/api/form-entries/999999/read')).statusCode).toBe(404);
  });

  it('an erasure by address erases the entries holding it in any email answer, and the export lists them first', async () => {
    const person = 'Erase.Me@example.org';
    const own = await apply(careers.open, { full_name: 'Erase Me', email: person });
    const asReferee = await apply(undefined, {
      full_name: 'Someone Else',
      email: 'else@example.org',
      referee: 'erase.me@EXAMPLE.org',
    });
    // The address in a text answer is not an email answer: that entry stays.
    const mention = await apply(undefined, { full_name: 'Mentions', email: 'third@example.org', note: 'erase.me@example.org' });
    for (const sent of [own, asReferee, mention]) expect(sent.statusCode, sent.body).toBe(201);
    const exported = await t.admin('GET', `/cms/api/people/export?email=${encodeURIComponent(person)}`);
    expect(exported.statusCode, exported.body).toBe(200);
    const listed = exported.json().data.form_entries as {
      form: string;
      applied_for: string | null;
      answers: Record<string, string>;
    }[];
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({
      form: 'Job application',
      applied_for: 'Field Officer',
      answers: { full_name: 'Erase Me' },
    });
    expect(listed[1]).toMatchObject({ applied_for: null, answers: { full_name: 'Someone Else' } });
    const erased = await t.admin('POST', '/cms/api/people/erase', { email: person });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data.form_entries).toBe(2);
    const get = (id: number) => t.admin('GET', `/cms/api/form-entries/${id}`);
    expect((await get(own.json().data.id)).statusCode).toBe(404);
    expect((await get(asReferee.json().data.id)).statusCode).toBe(404);
    expect((await get(mention.json().data.id)).statusCode).toBe(200);
    expect((await t.admin('GET', `/cms/api/people/export?email=${encodeURIComponent(person)}`)).json().data.form_entries).toEqual(
      [],
    );
  });
});
