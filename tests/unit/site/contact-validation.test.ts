import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../../src/client/site/contact/ContactForm';
import { messages } from '../../../src/shared/entities/messages';

const ok = { name: 'Rahima Begum', email: 'rahima@example.org', message: 'When does the next training start?' };

describe('validateMessage', () => {
  it('accepts a complete message', () => {
    expect(validateMessage(ok)).toEqual({});
  });
  it('asks for every missing field', () => {
    expect(validateMessage({ name: ' ', email: '', message: '' })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address, for example name@example.com.',
      message: 'Please write your message.',
    });
  });
  it('refuses an address without a domain', () => {
    expect(validateMessage({ ...ok, email: 'rahima@' }).email).toMatch(/valid email/);
  });
  it('refuses text longer than the server accepts', () => {
    const max = messages.fields.message.max!;
    expect(validateMessage({ ...ok, message: 'x'.repeat(max + 1) }).message).toContain(String(max));
    expect(validateMessage({ ...ok, message: 'x'.repeat(max) })).toEqual({});
  });
});
