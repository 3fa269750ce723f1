/**
 * The forms a visitor can send (the contact form, the footer's subscribe box), defined once: their
 * fields with the rules and the words a refusal uses, the API resource that stores them and what the
 * visitor is told. The server validates the JSON API and plain form posts with these rules (zod
 * schemas built from them, routes/public.ts); the islands check the same rules before sending
 * (checkPublicForm), so a refusal reads the same wherever it is made.
 *
 * Hand-written rather than zod: this file ships in the islands every visitor downloads. The words
 * are keys of the site's catalogue (shared/messages): a visitor reads them in the page's language,
 * the JSON API answers them in English.
 */
import type { SiteMessageKey } from './messages/site-en';

export interface FieldRule {
  /** The message when the field is empty; absent for an optional field. */
  required?: SiteMessageKey;
  max: number;
  tooLong: SiteMessageKey;
  /** The message when the value is not an email address. */
  email?: SiteMessageKey;
}

export interface PublicForm {
  /** The public API resource that stores it: POST /cms/{resource}. */
  resource: 'messages' | 'subscribers';
  fields: Record<string, FieldRule>;
  /** What the visitor is told once it is stored. */
  sent: { title: SiteMessageKey; text: SiteMessageKey };
}

const EMAIL: FieldRule = { required: 'form.email.invalid', max: 255, tooLong: 'form.email.tooLong', email: 'form.email.invalid' };

export const PUBLIC_FORMS = {
  contact: {
    resource: 'messages',
    fields: {
      name: { required: 'contact.name.required', max: 120, tooLong: 'contact.name.tooLong' },
      email: EMAIL,
      message: { required: 'contact.message.required', max: 5_000, tooLong: 'contact.message.tooLong' },
    },
    sent: { title: 'contact.sent.title', text: 'contact.sent.text' },
  },
  subscribe: {
    resource: 'subscribers',
    fields: { email: EMAIL },
    sent: { title: 'subscribe.sent.title', text: 'subscribe.sent.text' },
  },
} as const satisfies Record<string, PublicForm>;

export type PublicFormName = keyof typeof PUBLIC_FORMS;
/** A form staff built (shared/built-forms.ts), where the machinery names a form: `?form=built-12`. */
export type BuiltFormName = `built-${number}`;
/** Any form the public-forms machinery sends: one of the two written in code, or a built one. */
export type FormName = PublicFormName | BuiltFormName;

export const builtFormName = (id: number): BuiltFormName => `built-${id}`;
export function builtFormId(name: unknown): number | undefined {
  const match = typeof name === 'string' ? /^built-([1-9]\d{0,9})$/.exec(name) : null;
  return match ? Number(match[1]) : undefined;
}
export const isFormName = (name: unknown): name is FormName => isPublicFormName(name) || builtFormId(name) !== undefined;
export type PublicFormValues = Record<string, string>;
export type PublicFormErrors = Record<string, string>;

/** The query parameter naming the form a plain form post is for: `POST /contact?form=contact`. */
export const FORM_PARAM = 'form';
/** After a plain form post was stored, the page it came from is shown with `?sent=<form>`. */
export const SENT_PARAM = 'sent';
/** A plain form post kept on the device by the service worker shows its page with `?saved=<form>`. */
export const SAVED_PARAM = 'saved';
/** How long a built form was open before it was sent, in milliseconds, as its island measured it (built-forms.ts). */
export const FILL_TIME_FIELD = 'fill_ms';
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

/** The refusal of one field's value, if it has one (a key of the site's catalogue). */
export function checkField(rule: FieldRule, value: string): SiteMessageKey | undefined {
  if (!value) return rule.required;
  if (value.length > rule.max) return rule.tooLong;
  if (rule.email && !EMAIL_PATTERN.test(value)) return rule.email;
  return undefined;
}

/**
 * What a posted form says, as the machinery holds it: a code-written form's own fields, or every
 * text of a built one (a name sent several times, its several choices, joined by newlines).
 */
export function postedValues(
  form: FormName,
  posted: { getAll(name: string): unknown[]; keys(): Iterable<string> },
): PublicFormValues {
  if (isPublicFormName(form))
    return formValues(form, Object.fromEntries([...new Set(posted.keys())].map((name) => [name, posted.getAll(name)[0]])));
  const values: PublicFormValues = {};
  for (const name of new Set(posted.keys())) {
    if (name === KEY_FIELD) continue;
    values[name] = posted
      .getAll(name)
      .filter((value): value is string => typeof value === 'string')
      .join('\n');
  }
  return values;
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
  | { form: FormName; status: 'sent' }
  | { form: FormName; status: 'refused'; values: PublicFormValues; errors: PublicFormErrors; message?: string };

/** The outcome a page's address tells (`?sent=contact`), if any. */
export function outcomeFromSearch(search: string): FormOutcome | undefined {
  const sent = new URLSearchParams(search).get(SENT_PARAM);
  return isFormName(sent) ? { form: sent, status: 'sent' } : undefined;
}
