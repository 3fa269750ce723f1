/**
 * The public forms' one definition (src/shared/public-forms.ts): the islands' check and the
 * server's schema (content/visitor-forms.ts) refuse the same values with the same words, and the
 * limits match the columns that store them.
 */
import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/entities/messages';
import { checkPublicForm, formValues, outcomeFromSearch, PUBLIC_FORMS, type PublicFormName } from '../../src/shared/public-forms';
import { refusalsOf, sentText, visitorBodies, visitorKey } from '../../src/server/content/visitor-forms';
import { refusalText, siteText } from '../../src/shared/messages/site-catalogues';

const ok = { name: 'Rahima Begum', email: 'rahima@example.org', message: 'When does the next training start?' };

const cases: [PublicFormName, Record<string, string>][] = [
  ['contact', ok],
  ['contact', { name: ' ', email: '', message: '' }],
  ['contact', { ...ok, email: 'rahima@' }],
  ['contact', { ...ok, message: 'x'.repeat(5_001) }],
  ['contact', { ...ok, name: 'n'.repeat(121) }],
  ['subscribe', { email: 'reader@example.org' }],
  ['subscribe', { email: 'not an address' }],
  ['subscribe', { email: '' }],
];

describe('public forms', () => {
  it('asks for every missing field in the words the islands show (keys of the site catalogue)', () => {
    const refusals = checkPublicForm('contact', formValues('contact', { name: ' ', email: '', message: '' }));
    const t = siteText('en');
    expect(Object.fromEntries(Object.entries(refusals).map(([field, key]) => [field, refusalText(t, key)]))).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address, for example name@example.com.',
      message: 'Please write your message.',
    });
  });

  it('answers the JSON API in English, in the words a plain post shows', () => {
    const parsed = visitorBodies.contact.safeParse({ name: '', email: 'x', message: 'hi' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.message)).toEqual([
      'Please enter your name.',
      'Please enter a valid email address, for example name@example.com.',
    ]);
    expect(sentText('contact')).toBe('Thank you for writing to us. We will get back to you soon.');
  });

  it.each(cases)('the browser and the server agree on %s %j', (form, input) => {
    const values = formValues(form, input);
    expect(refusalsOf(form, values)).toEqual(checkPublicForm(form, values));
  });

  it('keeps only the form’s own fields, trimmed', () => {
    expect(formValues('subscribe', { email: '  a@b.org ', idempotency_key: 'k', other: 'x' })).toEqual({ email: 'a@b.org' });
  });

  it('allows what the messages table stores, and no more', () => {
    expect(PUBLIC_FORMS.contact.fields.name.max).toBe(messages.fields.name.max);
    expect(PUBLIC_FORMS.contact.fields.message.max).toBe(messages.fields.message.max);
    expect(checkPublicForm('contact', { ...ok, message: 'x'.repeat(5_000) })).toEqual({});
  });

  it('reads a confirmation from the address only for a form that exists', () => {
    expect(outcomeFromSearch('?sent=contact')).toEqual({ form: 'contact', status: 'sent' });
    expect(outcomeFromSearch('?sent=__proto__')).toBeUndefined();
    expect(outcomeFromSearch('')).toBeUndefined();
  });

  it('keys a post without a key by what it says, so a resent post is the same submission', () => {
    const values = formValues('contact', ok);
    expect(visitorKey('contact', values, undefined)).toBe(visitorKey('contact', { ...values }, undefined));
    expect(visitorKey('contact', values, undefined)).not.toBe(visitorKey('contact', { ...values, message: 'Other' }, undefined));
    expect(visitorKey('contact', values, 'given-key-123')).toBe('given-key-123');
  });
});
