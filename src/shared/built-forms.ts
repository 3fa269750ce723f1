/**
 * The forms staff build in the back-office (issue 60): a form definition's list of fields, stored
 * as JSON in the `fields` column of `forms` (entities/forms.ts), and the rules a visitor's answers
 * meet. The server checks a definition when staff save it (checkDefinition) and every entry when a
 * visitor sends it (checkEntry); the form's island checks the same rules before sending, so a
 * refusal reads the same wherever it is made.
 *
 * Hand-written rather than zod, like public-forms.ts: this file ships in the form's island.
 * An entry's values are text, one per field: several choices are joined by newlines (an option's
 * value holds none), a ticked checkbox or consent is `yes`.
 */
import { EMAIL_PATTERN, FILL_TIME_FIELD } from './public-forms';
export { FILL_TIME_FIELD } from './public-forms';
export { type BuiltFormName, builtFormId, builtFormName } from './public-forms';
import type { SiteMessageKey } from './messages/site-en';

export const FORM_FIELD_KINDS = [
  'text',
  'textarea',
  'email',
  'phone',
  'number',
  'date',
  'choice',
  'choices',
  'checkbox',
  'consent',
  'file',
] as const;
export type FormFieldKind = (typeof FORM_FIELD_KINDS)[number];

export interface FormOption {
  value: string;
  label: string;
  label_bn?: string;
}

export interface FormFieldDef {
  /** The key of the answer in an entry, and the input's name: lower-case letters, digits and `_`. */
  name: string;
  kind: FormFieldKind;
  label: string;
  label_bn?: string;
  hint?: string;
  hint_bn?: string;
  required?: boolean;
  /** Text: fewest and most characters. Number: smallest and largest value. */
  min?: number;
  max?: number;
  /** One choice and several choices: what may be chosen. */
  options?: FormOption[];
  /** One choice: drawn as radio buttons (the default) or a drop-down. */
  display?: 'radio' | 'select';
  /** Consent: what the visitor agrees to. */
  text?: string;
  text_bn?: string;
  /**
   * File: the types allowed (`.pdf,.docx`; DEFAULT_ACCEPT when empty) and the largest size in MB
   * (DEFAULT_MAX_MB when unset). Its answer is the id of the visitor's upload (content/entry-files.ts).
   */
  accept?: string;
  max_mb?: number;
}

/** Answers of one entry, by field name. */
export type EntryValues = Record<string, string>;
export type EntryErrors = Record<string, SiteMessageKey>;

/** The longest text an answer may hold when its field sets no `max`. */
export const DEFAULT_MAX = { text: 255, textarea: 5_000, email: 255, phone: 30, date: 10 } as const;
/** Most fields a form may have, and most options a choice may offer. */
export const FORM_LIMITS = { fields: 60, options: 100, labelLength: 300, hintLength: 1_000, consentLength: 5_000 } as const;

/**
 * The hidden field no person fills (it is out of sight and out of the tab order): a post that
 * fills it is a robot's, answered as if stored and stored nowhere.
 */
export const HONEYPOT_FIELD = 'website_url';
/**
 * The hidden field of an application sent from a career's page: the career it is for. Its form
 * then takes entries only between the career's application dates (server's content/built-forms.ts).
 */
export const CAREER_FIELD = 'career_id';
/** Sent sooner than this after the island woke, a form is refused and asked to be sent again. */
export const MIN_FILL_MS = 1_500;

const NAME_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
const PHONE_PATTERN = /^\+?[0-9 ()-]{5,30}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;
const RESERVED_NAMES = new Set([HONEYPOT_FIELD, FILL_TIME_FIELD, 'idempotency_key', 'form', 'locale']);

const hasChoices = (kind: FormFieldKind) => kind === 'choice' || kind === 'choices';
const isTextKind = (kind: FormFieldKind) => kind in DEFAULT_MAX;

/**
 * What is wrong with a definition's fields, each problem under the path of what it is about
 * (`fields[2].options`), in English (staff's API and back-office); empty when it may be saved.
 */
export function checkDefinition(value: unknown): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!Array.isArray(value)) return { fields: 'fields must be a list of fields' };
  if (value.length > FORM_LIMITS.fields) problems.fields = `A form can have at most ${FORM_LIMITS.fields} fields`;
  const names = new Set<string>();
  value.forEach((raw: unknown, index) => {
    const at = `fields[${index}]`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      problems[at] = 'Each field must be an object';
      return;
    }
    const field = raw as Record<string, unknown>;
    const say = (key: string, message: string) => {
      problems[`${at}.${key}`] ??= message;
    };
    const text = (key: string, max: number, required = false) => {
      const v = field[key];
      if (v === undefined || v === null || v === '') {
        if (required) say(key, `${key} is required`);
      } else if (typeof v !== 'string') say(key, `${key} must be text`);
      else if (v.length > max) say(key, `${key} can be at most ${max} characters`);
    };
    if (typeof field.name !== 'string' || !NAME_PATTERN.test(field.name)) {
      say('name', 'name must start with a lower-case letter and hold only a-z, 0-9 and _ (at most 40)');
    } else if (RESERVED_NAMES.has(field.name)) say('name', `name "${field.name}" is used by the form itself`);
    else if (names.has(field.name)) say('name', `Another field is already named "${field.name}"`);
    else names.add(field.name);
    const kind = field.kind as FormFieldKind;
    if (!FORM_FIELD_KINDS.includes(kind)) {
      say('kind', `kind must be one of ${FORM_FIELD_KINDS.join(', ')}`);
      return;
    }
    text('label', FORM_LIMITS.labelLength, true);
    text('label_bn', FORM_LIMITS.labelLength);
    text('hint', FORM_LIMITS.hintLength);
    text('hint_bn', FORM_LIMITS.hintLength);
    if (field.required !== undefined && typeof field.required !== 'boolean') say('required', 'required must be true or false');
    for (const key of ['min', 'max', 'max_mb'] as const) {
      const v = field[key];
      if (v !== undefined && v !== null && (typeof v !== 'number' || !Number.isFinite(v))) say(key, `${key} must be a number`);
    }
    const { min, max } = field as { min?: number; max?: number };
    if (typeof min === 'number' && typeof max === 'number' && min > max) say('max', 'max must not be less than min');
    if (isTextKind(kind)) {
      const longest = DEFAULT_MAX[kind as keyof typeof DEFAULT_MAX];
      if (typeof max === 'number' && (max < 1 || max > Math.max(longest, 5_000)))
        say('max', `max must be between 1 and ${Math.max(longest, 5_000)}`);
      if (typeof min === 'number' && min < 0) say('min', 'min must not be negative');
    }
    if (hasChoices(kind)) {
      const options = field.options;
      if (!Array.isArray(options) || options.length === 0) say('options', 'A choice needs at least one option');
      else if (options.length > FORM_LIMITS.options) say('options', `A choice can offer at most ${FORM_LIMITS.options} options`);
      else {
        const values = new Set<string>();
        options.forEach((option: unknown, i) => {
          const o = (option ?? {}) as Record<string, unknown>;
          if (typeof o.value !== 'string' || !o.value.trim() || /[\r\n]/.test(o.value) || o.value.length > 200) {
            say(`options[${i}].value`, 'An option needs a value of one line (at most 200 characters)');
          } else if (values.has(o.value)) say(`options[${i}].value`, `Another option has the value "${o.value}"`);
          else values.add(o.value);
          if (typeof o.label !== 'string' || !o.label.trim()) say(`options[${i}].label`, 'An option needs a label');
          if (o.label_bn !== undefined && typeof o.label_bn !== 'string') say(`options[${i}].label_bn`, 'label_bn must be text');
        });
      }
      if (field.display !== undefined && field.display !== 'radio' && field.display !== 'select') {
        say('display', 'display must be radio or select');
      }
    }
    if (kind === 'consent') {
      text('text', FORM_LIMITS.consentLength, true);
      text('text_bn', FORM_LIMITS.consentLength);
    }
    if (kind === 'file') {
      text('accept', 200);
      const mb = field.max_mb;
      if (typeof mb === 'number' && (mb <= 0 || mb > MAX_FILE_MB)) {
        say('max_mb', `max_mb must be more than 0 and at most ${MAX_FILE_MB}`);
      }
    }
  });
  return problems;
}

/** A definition's fields as stored (a JSON list); an unreadable one is no fields. */
export function parseFields(stored: string | null | undefined): FormFieldDef[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? (value as FormFieldDef[]) : [];
  } catch {
    return [];
  }
}

/** The fields a visitor answers: every one (a file's answer is its upload's id). */
export const answeredFields = (fields: readonly FormFieldDef[]) => fields;

/** The fields answered in words: what a summary or a mail quotes. */
export const wordFields = (fields: readonly FormFieldDef[]) => fields.filter((field) => field.kind !== 'file');

/** The types a file field takes when its definition names none. */
export const DEFAULT_ACCEPT = '.pdf,.doc,.docx,.odt,.txt,.png,.jpg,.jpeg';
/** The largest file a field takes when its definition says nothing. */
export const DEFAULT_MAX_MB = 10;
/** The most a file field may take (its `max_mb`), hence the most a device keeps for one offline (sw.ts). */
export const MAX_FILE_MB = 50;
/** A file's answer: the id of the upload that brought it (tus's, or a plain post's own). */
export const UPLOAD_ID_PATTERN = /^[a-f0-9]{32}$/;

/** The extensions a file field takes, lower-case with their dot (`.pdf`). */
export function acceptedExtensions(field: Pick<FormFieldDef, 'accept'>): string[] {
  return (field.accept?.trim() || DEFAULT_ACCEPT)
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => /^\.[a-z0-9]{1,10}$/.test(item));
}

export const maxFileBytes = (field: Pick<FormFieldDef, 'max_mb'>) => Math.round((field.max_mb ?? DEFAULT_MAX_MB) * 1024 * 1024);

/** Why a chosen file is refused before anything of it is sent, by its name and size. */
export function checkFile(field: FormFieldDef, file: { name: string; size: number }): SiteMessageKey | undefined {
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  if (!acceptedExtensions(field).includes(extension)) return 'builtForm.file.type';
  if (file.size > maxFileBytes(field)) return 'builtForm.file.size';
  return undefined;
}

const longest = (field: FormFieldDef) =>
  field.max ?? (field.kind in DEFAULT_MAX ? DEFAULT_MAX[field.kind as keyof typeof DEFAULT_MAX] : 5_000);

/** The answers of `input` to the form's fields, trimmed; several choices joined by newlines. */
export function entryValues(fields: readonly FormFieldDef[], input: Record<string, unknown>): EntryValues {
  return Object.fromEntries(
    answeredFields(fields).map((field) => {
      const raw = input[field.name];
      const list = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
      const texts = list.filter((v): v is string | number | boolean => ['string', 'number', 'boolean'].includes(typeof v));
      const joined = texts
        .map((v) => String(v).trim())
        .filter(Boolean)
        .join('\n');
      if (field.kind === 'checkbox' || field.kind === 'consent') {
        return [field.name, joined && joined !== 'false' && joined !== '0' && joined !== 'no' ? 'yes' : ''];
      }
      return [field.name, joined];
    }),
  );
}

/** The refusal of one answer, if it has one (a key of the site's catalogue). */
export function checkAnswer(field: FormFieldDef, value: string): SiteMessageKey | undefined {
  if (!value) {
    if (field.kind === 'consent') return 'builtForm.consent';
    return field.required ? 'builtForm.required' : undefined;
  }
  switch (field.kind) {
    case 'email':
      if (value.length > longest(field)) return 'builtForm.tooLong';
      return EMAIL_PATTERN.test(value) ? undefined : 'form.email.invalid';
    case 'phone':
      return PHONE_PATTERN.test(value) ? undefined : 'builtForm.phone';
    case 'number': {
      if (!NUMBER_PATTERN.test(value)) return 'builtForm.number';
      const n = Number(value);
      if (field.min !== undefined && field.min !== null && n < field.min) return 'builtForm.tooSmall';
      if (field.max !== undefined && field.max !== null && n > field.max) return 'builtForm.tooLarge';
      return undefined;
    }
    case 'date': {
      const time = DATE_PATTERN.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
      return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value ? 'builtForm.date' : undefined;
    }
    case 'choice':
      return (field.options ?? []).some((o) => o.value === value) ? undefined : 'builtForm.choice';
    case 'choices': {
      const allowed = new Set((field.options ?? []).map((o) => o.value));
      return value.split('\n').every((v) => allowed.has(v)) ? undefined : 'builtForm.choice';
    }
    case 'file':
      return UPLOAD_ID_PATTERN.test(value) ? undefined : 'builtForm.file.missing';
    case 'checkbox':
    case 'consent':
      return undefined;
    default:
      if (value.length > longest(field)) return 'builtForm.tooLong';
      if (field.min && value.length < field.min) return 'builtForm.tooShort';
      return undefined;
  }
}

/** Each answer's refusal (empty when the entry may be stored), for values from entryValues. */
export function checkEntry(fields: readonly FormFieldDef[], values: EntryValues): EntryErrors {
  const errors: EntryErrors = {};
  for (const field of answeredFields(fields)) {
    const problem = checkAnswer(field, values[field.name] ?? '');
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

/** Why a form takes no entries now, or undefined when it is open. */
export type ClosedReason = 'not-yet' | 'ended' | 'full';

/**
 * Whether a form takes entries at `now`: between its open dates ('YYYY-MM-DD HH:mm:ss', UTC, as
 * every stored time) and below its maximum number of entries.
 */
export function closedReason(
  form: { open_from?: string | null; open_to?: string | null; max_entries?: number | null },
  now: Date,
  entries?: number,
): ClosedReason | undefined {
  const at = (text: string) => Date.parse(`${text.replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(text) ? '' : 'Z'}`);
  if (form.open_from && now.getTime() < at(form.open_from)) return 'not-yet';
  if (form.open_to && now.getTime() >= at(form.open_to)) return 'ended';
  if (entries !== undefined && form.max_entries && entries >= form.max_entries) return 'full';
  return undefined;
}

/** The words of a field in a language: Bangla where the field has them, English otherwise. */
export function inLanguage<K extends 'label' | 'hint' | 'text'>(
  item: Partial<Record<K | `${K}_bn`, string>>,
  key: K,
  locale: string | undefined,
): string {
  const bangla = locale === 'bn' ? item[`${key}_bn` as `${K}_bn`] : undefined;
  return (bangla || item[key]) ?? '';
}
