/**
 * Forms staff build (issue 60): a definition is refused whole with the field named; an entry is
 * checked by the form's own rules (required, email, number, date, choice, limits), refused with
 * the field named and nothing stored; a closed form takes nothing; a submission sent twice is
 * stored once; plain form posts store the same way; the hourly upkeep erases entries past their
 * retention (the clock moved forward); entries are staff's to read. Through the real server, on
 * both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseExpiredEntries } from '../../src/server/content/built-forms';
import { createOtherApplication, dialects, OTHER_APP_KEY, signInAs, sourceBuild, startTestApp, type TestApp } from './harness';

const FIELDS = [
  { name: 'full_name', kind: 'text', label: 'Name', label_bn: 'নাম', required: true, max: 80 },
  { name: 'email', kind: 'email', label: 'Email', required: true },
  { name: 'phone', kind: 'phone', label: 'Phone' },
  { name: 'age', kind: 'number', label: 'Age', min: 16, max: 99 },
  { name: 'birthday', kind: 'date', label: 'Birthday' },
  {
    name: 'course',
    kind: 'choice',
    label: 'Course',
    required: true,
    options: [
      { value: 'bookkeeping', label: 'Bookkeeping', label_bn: 'হিসাবরক্ষণ' },
      { value: 'tailoring', label: 'Tailoring' },
    ],
  },
  {
    name: 'days',
    kind: 'choices',
    label: 'Days',
    options: [
      { value: 'sat', label: 'Saturday' },
      { value: 'sun', label: 'Sunday' },
    ],
  },
  { name: 'about', kind: 'textarea', label: 'About you', max: 500 },
  { name: 'newsletter', kind: 'checkbox', label: 'Send me news' },
  { name: 'consent', kind: 'consent', label: 'Consent', text: 'I agree that my answers are kept.' },
];

const GOOD = {
  full_name: 'Rahima Begum',
  email: 'rahima@example.org',
  phone: '+880 1711 000000',
  age: 24,
  birthday: '2001-03-09',
  course: 'bookkeeping',
  days: ['sat', 'sun'],
  about: 'I keep the accounts of our shop.',
  newsletter: true,
  consent: 'yes',
};

const dateTimeOf = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

describe.each(await dialects())('built forms on %s', (dialect) => {
  let t: TestApp;
  let formId: number;
  let key = 0;

  beforeAll(async () => {
    t = await startTestApp(dialect, { staticDir: sourceBuild() });
    const made = await t.admin('POST', '/cms/api/forms', {
      title: 'Training registration',
      intro: 'Register for the spring courses.',
      fields: JSON.stringify(FIELDS),
      notify_emails: 'Office@example.org, training@example.org',
      retention_days: 30,
      status: 1,
    });
    expect(made.statusCode, made.body).toBe(201);
    formId = made.json().data.id;
  });
  afterAll(() => t?.close());

  const send = (body: Record<string, unknown>, id = formId) =>
    t.visitor('POST', `/cms/forms/${id}/entries`, body, { 'idempotency-key': `test-key-${dialect}-${++key}-${Date.now()}` });
  const entriesOf = async (id = formId) => {
    const list = await t.admin('GET', '/cms/api/form-entries?size=100');
    expect(list.statusCode, list.body).toBe(200);
    return (
      list.json().data.data as { form_id: number; data: string; email: string | null; created_at: string; id: number }[]
    ).filter((entry) => entry.form_id === id);
  };

  it('refuses a definition with a broken field, naming it, and stores nothing', async () => {
    const before = (await t.admin('GET', '/cms/api/forms?size=100')).json().data.total as number;
    const broken = await t.admin('POST', '/cms/api/forms', {
      title: 'Broken',
      fields: JSON.stringify([
        { name: 'a', kind: 'choice', label: 'Pick', options: [] },
        { name: 'a', kind: 'text', label: 'Again' },
        { name: 'b', kind: 'colour', label: 'Colour' },
      ]),
      notify_emails: 'not-an-address',
      status: 1,
    });
    expect(broken.statusCode).toBe(400);
    const errors = broken.json().errors as Record<string, string>;
    expect(errors['fields[0].options']).toMatch(/at least one option/);
    expect(errors['fields[1].name']).toMatch(/already named/);
    expect(errors['fields[2].kind']).toMatch(/kind must be one of/);
    expect(errors.notify_emails).toMatch(/not an email address/);
    const notJson = await t.admin('POST', '/cms/api/forms', { title: 'Not JSON', fields: '[{', status: 1 });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors.fields).toMatch(/JSON/);
    const backwards = await t.admin('POST', '/cms/api/forms', {
      title: 'Backwards',
      open_from: '2030-01-02 00:00:00',
      open_to: '2030-01-01 00:00:00',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.open_to).toBeTruthy();
    expect((await t.admin('GET', '/cms/api/forms?size=100')).json().data.total).toBe(before);
  });

  it('is read publicly with its fields, never with its notify addresses', async () => {
    const read = await t.visitor('GET', '/cms/forms/training-registration');
    expect(read.statusCode, read.body).toBe(200);
    const form = read.json().data as Record<string, unknown>;
    expect(JSON.parse(String(form.fields))).toHaveLength(FIELDS.length);
    expect(form).not.toHaveProperty('notify_emails');
    expect(read.body).not.toContain('training@example.org');
    const staff = (await t.admin('GET', `/cms/api/forms/${formId}`)).json().data;
    expect(staff.notify_emails).toBe('office@example.org, training@example.org');
  });

  it('stores a good entry once, however often it is sent with its key', async () => {
    const before = (await entriesOf()).length;
    const headers = { 'idempotency-key': `once-${dialect}-${Date.now()}` };
    const first = await t.visitor('POST', `/cms/forms/${formId}/entries`, GOOD, headers);
    expect(first.statusCode, first.body).toBe(201);
    const again = await t.visitor('POST', `/cms/forms/${formId}/entries`, GOOD, headers);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const entries = await entriesOf();
    expect(entries).toHaveLength(before + 1);
    const stored = JSON.parse(entries[0]!.data) as Record<string, string>;
    expect(stored).toMatchObject({ full_name: 'Rahima Begum', days: 'sat\nsun', newsletter: 'yes', consent: 'yes', age: '24' });
    expect(entries[0]!.email).toBe('rahima@example.org');
  });

  it.each([
    ['a required field left empty', { full_name: '' }, 'full_name', /answer this question/],
    ['a wrong email', { email: 'rahima.example.org' }, 'email', /valid email/],
    ['a choice not offered', { course: 'welding' }, 'course', /one of the options/],
    ['one of several choices not offered', { days: ['sat', 'mon'] }, 'days', /one of the options/],
    ['a number out of its limits', { age: 12 }, 'age', /too small/],
    ['not a number', { age: 'twenty' }, 'age', /a number/],
    ['a date that is none', { birthday: '2001-02-30' }, 'birthday', /a date/],
    ['text over its limit', { full_name: 'x'.repeat(81) }, 'full_name', /too long/],
    ['consent not given', { consent: '' }, 'consent', /agree/],
  ])('refuses %s, naming the field, and stores nothing', async (_, change, field, words) => {
    const before = (await entriesOf()).length;
    const refused = await send({ ...GOOD, ...change });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual([field]);
    expect(refused.json().errors[field]).toMatch(words);
    expect((await entriesOf()).length).toBe(before);
  });

  it('stores nothing from a robot that fills the hidden field, and refuses a form sent too fast', async () => {
    const before = (await entriesOf()).length;
    const robot = await send({ ...GOOD, website_url: 'http://spam.example' });
    expect(robot.statusCode).toBe(201);
    const fast = await send({ ...GOOD, fill_ms: 200 });
    expect(fast.statusCode).toBe(400);
    expect(fast.json().errors.fill_ms).toBeTruthy();
    expect((await entriesOf()).length).toBe(before);
  });

  it('a closed form says so and takes nothing: before it opens, after it ends, and once full', async () => {
    const make = async (extra: Record<string, unknown>) => {
      const made = await t.admin('POST', '/cms/api/forms', {
        title: `Closed ${Date.now()}-${Math.random()}`,
        fields: JSON.stringify(FIELDS),
        status: 1,
        ...extra,
      });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().data.id as number;
    };
    const notYet = await make({ open_from: dateTimeOf(Date.now() + 86_400_000) });
    const early = await send(GOOD, notYet);
    expect(early.statusCode).toBe(409);
    expect(early.json().errors.form).toBe('builtForm.closed.notYet');
    const ended = await make({ open_to: dateTimeOf(Date.now() - 60_000) });
    expect((await send(GOOD, ended)).statusCode).toBe(409);
    const one = await make({ max_entries: 1 });
    expect((await send(GOOD, one)).statusCode).toBe(201);
    const full = await send({ ...GOOD, full_name: 'Second' }, one);
    expect(full.statusCode).toBe(409);
    expect(full.json().errors.form).toBe('builtForm.closed.full');
    expect(await entriesOf(notYet)).toHaveLength(0);
    expect(await entriesOf(ended)).toHaveLength(0);
    expect(await entriesOf(one)).toHaveLength(1);
    const off = await make({ status: 0 });
    expect((await send(GOOD, off)).statusCode).toBe(404);
  });

  it('a page with a form section is drawn by the server with the form, its fields and its plain post', async () => {
    const page = await t.admin('POST', '/cms/api/pages', { title: 'Register', slug: `register-${dialect}`, status: 1 });
    expect(page.statusCode, page.body).toBe(201);
    const section = await t.admin('POST', '/cms/api/sections', {
      page_id: page.json().data.id,
      name: 'Registration',
      template: 'form',
      form_id: formId,
      status: 1,
    });
    expect(section.statusCode, section.body).toBe(201);
    const drawn = await t.app.inject({ method: 'GET', url: `/register-${dialect}` });
    expect(drawn.statusCode).toBe(200);
    expect(drawn.body).toContain(`action="/register-${dialect}?form=built-${formId}#built-${formId}-form"`);
    expect(drawn.body).toContain('name="full_name"');
    expect(drawn.body).toContain('I agree that my answers are kept.');
    expect(drawn.body).toContain('data-island="built-form"');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/register-${dialect}?form=built-${formId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        full_name: 'Keep my words',
        email: 'wrong',
        course: 'tailoring',
        consent: 'yes',
      }).toString(),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('value="Keep my words"');
    expect(refused.body).toContain('Please enter a valid email address');
  });

  it('a plain form post stores once and answers 303; a refusal draws the page with the words kept', async () => {
    const before = (await entriesOf()).length;
    const body = new URLSearchParams({
      full_name: 'Karim',
      email: 'karim@example.org',
      course: 'tailoring',
      consent: 'yes',
      idempotency_key: `plain-${dialect}-${Date.now()}`,
    });
    body.append('days', 'sat');
    body.append('days', 'sun');
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: `/about?form=built-${formId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body.toString(),
      });
    const stored = await post();
    expect(stored.statusCode, stored.body).toBe(303);
    expect(stored.headers.location).toBe(`/about?sent=built-${formId}`);
    expect((await post()).statusCode).toBe(303);
    const entries = await entriesOf();
    expect(entries).toHaveLength(before + 1);
    expect(JSON.parse(entries[0]!.data)).toMatchObject({ full_name: 'Karim', days: 'sat\nsun' });

    body.set('email', 'karim-at-example');
    body.set('idempotency_key', `plain-refused-${dialect}-${Date.now()}`);
    const refused = await post();
    expect(refused.statusCode).toBe(400);
    expect((await entriesOf()).length).toBe(before + 1);
  });

  it('staff find an entry by its words, erase one, and never see another site’s', async () => {
    const stored = await send({ ...GOOD, full_name: 'Findable Nasreen', email: 'nasreen@example.org' });
    expect(stored.statusCode, stored.body).toBe(201);
    const id = stored.json().data.id as number;
    const found = await t.admin('GET', '/cms/api/form-entries?search_key=nasreen');
    expect(found.json().data.data.map((row: { id: number }) => row.id)).toContain(id);
    await createOtherApplication(t);
    const other = { app_key: OTHER_APP_KEY };
    expect((await t.admin('GET', `/cms/api/form-entries/${id}`, undefined, other)).statusCode).toBe(404);
    expect((await t.admin('PUT', `/cms/api/form-entries/${id}`, { summary: 'changed' })).statusCode).toBe(404);
    expect((await t.admin('DELETE', `/cms/api/form-entries/${id}`)).statusCode).toBe(200);
    expect((await t.admin('GET', `/cms/api/form-entries/${id}`)).statusCode).toBe(404);
  });

  it('entries are staff’s: a visitor and an author cannot read them', async () => {
    expect((await t.visitor('GET', '/cms/api/form-entries')).statusCode).toBe(401);
    const author = await signInAs(t, 'author');
    expect((await author.send('GET', '/cms/api/form-entries')).statusCode).toBe(403);
    const editor = await signInAs(t, 'editor');
    expect((await editor.send('GET', '/cms/api/form-entries')).statusCode).toBe(200);
    // Entries are what visitors send: staff do not write them.
    expect((await t.admin('POST', '/cms/api/form-entries', { form_id: formId, data: '{}' })).statusCode).toBeGreaterThanOrEqual(
      400,
    );
  });

  it('the upkeep erases entries past their form’s retention, with the clock moved forward', async () => {
    const kept = (await entriesOf()).length;
    expect(kept).toBeGreaterThan(0);
    expect(await eraseExpiredEntries(t.app.ctx, Date.now() + 29 * 86_400_000)).toBe(0);
    expect((await entriesOf()).length).toBe(kept);
    await eraseExpiredEntries(t.app.ctx, Date.now() + 31 * 86_400_000);
    expect(await entriesOf()).toHaveLength(0);
  });
});
