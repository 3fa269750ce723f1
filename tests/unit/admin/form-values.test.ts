import { describe, expect, it } from 'vitest';
import { ENTITIES } from '../../../src/shared/entities';
import {
  formFields,
  initialValues,
  PASSWORD_MISMATCH,
  toFormValues,
  toPayload,
  validateValues,
} from '../../../src/client/admin/form/form-values';

describe('admin form values', () => {
  it('offers every writable, visible field and never read-only ones', () => {
    const names = formFields(ENTITIES.socials).map(([n]) => n);
    expect(names).toContain('target');
    expect(names).not.toContain('app_id');
  });

  it('starts a create form from the definition’s defaults', () => {
    expect(initialValues(ENTITIES.sections)).toMatchObject({ status: 1, is_top: 0, sort_order: 0, page_id: null, title: '' });
    expect(initialValues(ENTITIES.profiles)).toMatchObject({ sort_order: 1, status: 1 });
    expect(initialValues(ENTITIES.gallery)).toMatchObject({ type: 'image', sort_order: 0 });
  });

  it('turns a record into input values: numbers stay numbers, nulls become empty, passwords never show', () => {
    const values = toFormValues(ENTITIES.users, { id: 4, email: 'a@b.c', phone: null, password: 'hash', dob: '1990-02-03' });
    expect(values).toMatchObject({
      id: 4,
      email: 'a@b.c',
      phone: '',
      password: '',
      confirm_password: '',
      dob: '1990-02-03',
      gender: null,
    });
    expect(toFormValues(ENTITIES.sections, { page_id: '3', sort_order: 2, is_top: 1 })).toMatchObject({
      page_id: 3,
      sort_order: 2,
      is_top: 1,
    });
  });

  it('sends empty optional values as null, empty required text as "", numbers as numbers', () => {
    const payload = toPayload(ENTITIES.posts, { ...initialValues(ENTITIES.posts), sort_order: '', status: 1 });
    expect(payload).toMatchObject({ title: '', sub_title: null, category_id: null, sort_order: null, status: 1 });
    expect(payload).not.toHaveProperty('id');
  });

  it('sends an empty parent as null and a chosen one as a number (post categories)', () => {
    const base = initialValues(ENTITIES['post-categories']);
    expect(toPayload(ENTITIES['post-categories'], base).parent_id).toBeNull();
    expect(toPayload(ENTITIES['post-categories'], { ...base, parent_id: '2' }).parent_id).toBe(2);
  });

  it('keeps career dates as the YYYY-MM-DD HH:mm:ss text the API expects', () => {
    const payload = toPayload(ENTITIES.careers, {
      ...initialValues(ENTITIES.careers),
      application_start_at: '2026-10-01 09:00:00',
    });
    expect(payload.application_start_at).toBe('2026-10-01 09:00:00');
    expect(payload.application_end_at).toBeNull();
  });

  it('keeps select values as their own type (is_top 0 is a number, not empty)', () => {
    expect(toPayload(ENTITIES.sections, { ...initialValues(ENTITIES.sections), is_top: 0 }).is_top).toBe(0);
  });

  it('holds several choices as a list and sends them as one text in the definition order', () => {
    const record = {
      id: 3,
      version: 2,
      name: 'Rebuild',
      url: 'https://ci.example.org/hook',
      events: 'deleted,created',
      status: 1,
    };
    const values = toFormValues(ENTITIES.webhooks, record);
    expect(values.events).toEqual(['deleted', 'created']);
    expect(toPayload(ENTITIES.webhooks, values).events).toBe('created,deleted');
    expect(initialValues(ENTITIES.webhooks).events).toEqual([]);
    expect(toPayload(ENTITIES.webhooks, initialValues(ENTITIES.webhooks)).events).toBeNull(); // none chosen: every event
  });

  it('leaves both password fields out unless one was typed', () => {
    const base = initialValues(ENTITIES.users);
    expect(toPayload(ENTITIES.users, base)).not.toHaveProperty('password');
    expect(toPayload(ENTITIES.users, base)).not.toHaveProperty('confirm_password');
    expect(toPayload(ENTITIES.users, { ...base, password: 'secret123', confirm_password: 'secret123' })).toMatchObject({
      password: 'secret123',
      confirm_password: 'secret123',
    });
  });

  it('checks that the password confirmation matches, only where both fields exist', () => {
    expect(validateValues(ENTITIES.users, { password: 'a', confirm_password: 'b' })).toEqual({
      confirm_password: PASSWORD_MISMATCH,
    });
    expect(validateValues(ENTITIES.users, { password: 'a', confirm_password: 'a' })).toEqual({});
    expect(validateValues(ENTITIES.users, { password: '', confirm_password: '' })).toEqual({});
    expect(validateValues(ENTITIES.pages, { title: '' })).toEqual({});
  });
});
