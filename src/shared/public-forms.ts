/**
 * The forms a visitor can send (the contact form, the footer's subscribe box), defined once: their
 * fields with the rules and the words a refusal uses, the API resource that stores them and what the
 * visitor is told. The server validates the JSON API and plain form posts with these rules (zod
 * schemas built from them, routes/public.ts); the islands check the same rules before sending
 * (checkPublicForm), so a refusal reads the same wherever it is made.
 *
 * Hand-written rather than zod: this file ships in the islands every visitor downloads.
 */
export interface FieldRule {
  /** The message when the field is empty; absent for an optional field. */
  required?: string;
  max: number;
  tooLong: string;
  /** The message when the value is not an email address. */
  email?: string;
}

export interface PublicForm {
  /** The public API resource that stores it: POST /cms/{resource}. */
  resource: 'messages' | 'subscribers';
  fields: Record<string, FieldRule>;
  /** What the visitor is told once it is stored. */
  sent: { title: string; text: string };
}

const EMAIL: FieldRule = {
  required: 'Please enter a valid email address, for example name@example.com.',
  max: 255,
  tooLong: 'An email address can be at most 255 characters.',
  email: 'Please enter a valid email address, for example name@example.com.',
};

export const PUBLIC_FORMS = {
  contact: {
    resource: 'messages',
    fields: {
      name: { required: 'Please enter your name.', max: 120, tooLong: 'Your name can be at most 120 characters.' },
      email: EMAIL,
      message: {
        required: 'Please write your message.',
        max: 5_000,
        tooLong: 'Your message can be at most 5000 characters.',
      },
    },
    sent: { title: 'Message sent', text: 'Thank you for writing to us. We will get back to you soon.' },
  },
  subscribe: {
    resource: 'subscribers',
    fields: { email: EMAIL },
    sent: { title: 'Subscribed', text: 'Thank you for subscribing!' },
  },
} as const satisfies Record<string, PublicForm>;

export type PublicFormName = keyof typeof PUBLIC_FORMS;
export type PublicFormValues = Record<string, string>;
export type PublicFormErrors = Record<string, string>;

/** Said when a form is kept on the device until the connection returns. */
export const SAVED_ON_DEVICE = 'Saved on this device. It will be sent when you are back online.';

/** The query parameter naming the form a plain form post is for: `POST /contact?form=contact`. */
export const FORM_PARAM = 'form';
/** After a plain form post was stored, the page it came from is shown with `?sent=<form>`. */
export const SENT_PARAM = 'sent';
/** A plain form post kept on the device by the service worker shows its page with `?saved=<form>`. */
export const SAVED_PARAM = 'saved';
/** The hidden field carrying a submission's idempotency key. */
export const KEY_FIELD = 'idempotency_key';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isPublicFormName(name: unknown): name is PublicFormName {
  return typeof name === 'string' && Object.hasOwn(PUBLIC_FORMS, name);
}

/** The form's own fields of `input`, trimmed; anything else it holds is left out. */
export function formValues(form: PublicFormName, input: Record<string, unknown>): PublicFormValues {
  return Object.fromEntries(
    Object.keys(PUBLIC_FORMS[form].fields).map((field) => {
      const value = input[field];
      return [field, typeof value === 'string' ? value.trim() : ''];
    }),
  );
}

/** The refusal of one field's value, if it has one. */
export function checkField(rule: FieldRule, value: string): string | undefined {
  if (!value) return rule.required;
  if (value.length > rule.max) return rule.tooLong;
  if (rule.email && !EMAIL_PATTERN.test(value)) return rule.email;
  return undefined;
}

/** Each field's refusal (empty when the form may be sent), for trimmed values. */
export function checkPublicForm(form: PublicFormName, values: PublicFormValues): PublicFormErrors {
  const errors: PublicFormErrors = {};
  for (const [field, rule] of Object.entries(PUBLIC_FORMS[form].fields) as [string, FieldRule][]) {
    const problem = checkField(rule, values[field] ?? '');
    if (problem) errors[field] = problem;
  }
  return errors;
}

/** How a form was answered, as the page that holds it is drawn with it. */
export type FormOutcome =
  | { form: PublicFormName; status: 'sent' }
  | { form: PublicFormName; status: 'refused'; values: PublicFormValues; errors: PublicFormErrors; message?: string };

/** The outcome a page's address tells (`?sent=contact`), if any. */
export function outcomeFromSearch(search: string): FormOutcome | undefined {
  const sent = new URLSearchParams(search).get(SENT_PARAM);
  return isPublicFormName(sent) ? { form: sent, status: 'sent' } : undefined;
}
