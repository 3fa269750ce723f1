/**
 * The vocabulary every entity definition is written in. A definition is plain data: it imports no
 * React and no database. From it the server derives validation and the OpenAPI document, the admin
 * derives its list columns and form inputs, and TypeScript derives the record types.
 */
import { z } from 'zod';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'html'
  | 'email'
  | 'url'
  | 'digits'
  | 'number'
  | 'date'
  | 'datetime'
  | 'select'
  | 'relation'
  | 'image'
  | 'password';

export interface Choice {
  value: string | number;
  label: string;
}

export interface FieldDef {
  kind: FieldKind;
  label: string;
  /** Longest accepted text (text kinds). */
  max?: number;
  /** Smallest accepted number (number kinds). */
  min?: number;
  /** Value given on create when the field is left out. */
  default?: string | number | null;
  required?: boolean;
  /** Fixed choices: for 'select' the value must be one of them; for 'text' they are suggestions. */
  choices?: readonly Choice[];
  /** 'relation': the entity whose ids this field holds and the field shown in the selector. */
  relation?: { entity: string; labelField: string };
  /** Help text under the input, e.g. the section template's 'default, custom etc.'. */
  hint?: string;
  rows?: number;
  /** Image picker button text ('Select Image', 'Select Logo'). */
  pickerLabel?: string;
  /** Included in the case-insensitive `search_key` match. */
  searchable?: boolean;
  /** Set by the server; shown but never accepted from a client. */
  readOnly?: boolean;
  /** Accepted from a client but never returned (passwords). */
  writeOnly?: boolean;
  /** Not offered on the admin form (still accepted by the API). */
  hidden?: boolean;
  /** No two rows (of one application, for tenant entities) may share a non-empty value. */
  unique?: boolean;
  /** Text must match this pattern. */
  pattern?: { regex: RegExp; message: string };
  /** Accepted and checked but not stored (the user form's confirm_password). */
  virtual?: boolean;
}

export type ColumnFormat = 'text' | 'status' | 'brackets' | 'image' | 'datetime';

export interface ColumnDef {
  label: string;
  /** Field shown; `join` shows several fields separated by spaces instead. */
  field: string;
  join?: readonly string[];
  format?: ColumnFormat;
  /** Cut at this many characters plus '...'. */
  truncate?: number;
  /** Shown when the value is empty (the spec's '--'). */
  empty?: string;
}

export interface EntityDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** URL segment in /cms/api/{resource}. */
  resource: string;
  /** Admin route segment in /admin/{adminPath}. */
  adminPath: string;
  table: string;
  /** Plural heading of the list screen. */
  title: string;
  /** Heading of the form screen. */
  formTitle: string;
  fields: F;
  columns: readonly ColumnDef[];
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** Rows carry app_key and are only ever seen through their own application's key. */
  tenant: boolean;
  /** A list call without page and size returns every row (parent selectors of menus and categories). */
  unpagedByDefault?: boolean;
  /** Default order of lists. */
  order: readonly { field: string; dir: 'asc' | 'desc' }[];
  /** Field holding a unique-per-application URL slug generated from `from` when left empty. */
  slug?: { field: string; from: string };
  successText?: string;
  /** Admin can read and delete but not create or edit (contact messages). */
  readOnlyResource?: boolean;
  /** Label for a row in selectors and dialogs. */
  labelField: string;
}

export const STATUS_DEFAULT = 1;

const TEXT_MAX = 255;
const LONG_TEXT_MAX = 5_000;
const HTML_MAX = 500_000;
const URL_MAX = 2_048;

export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

type Opts = Omit<Partial<FieldDef>, 'kind' | 'label'>;
const field =
  (kind: FieldKind) =>
  (label: string, opts: Opts = {}): FieldDef => ({ kind, label, ...opts });

export const f = {
  text: field('text'),
  textarea: field('textarea'),
  html: field('html'),
  email: field('email'),
  url: field('url'),
  digits: field('digits'),
  number: field('number'),
  date: field('date'),
  datetime: field('datetime'),
  select: field('select'),
  image: (label: string, opts: Opts = {}) => field('image')(label, { pickerLabel: 'Select Image', ...opts }),
  password: (label: string, opts: Opts = {}) => field('password')(label, { writeOnly: true, ...opts }),
  relation: (label: string, entity: string, labelField: string, opts: Opts = {}) =>
    field('relation')(label, { relation: { entity, labelField }, ...opts }),
  status: (opts: Opts = {}) => field('number')('Status', { min: 0, default: STATUS_DEFAULT, ...opts }),
};

export function defineEntity<F extends Record<string, FieldDef>>(def: EntityDef<F>): EntityDef<F> {
  return def;
}

/** The zod schema that validates one field's value on the way in. */
export function fieldSchema(def: FieldDef): z.ZodType {
  const required = (s: z.ZodType) => (def.required ? s : s.nullable().optional());
  switch (def.kind) {
    case 'number':
    case 'relation': {
      let n = z.number({ error: `${def.label} must be a number` }).int(`${def.label} must be a whole number`);
      if (def.min !== undefined) n = n.min(def.min, `${def.label} must be at least ${def.min}`);
      return required(n);
    }
    case 'select': {
      const values = (def.choices ?? []).map((c) => c.value);
      const s = z.union(values.map((v) => z.literal(v)) as [z.ZodLiteral, ...z.ZodLiteral[]], {
        error: `${def.label} must be one of: ${values.join(', ')}`,
      });
      return required(s);
    }
    case 'email':
      return required(z.string().trim().max(TEXT_MAX).pipe(z.email(`${def.label} must be a valid email address`)));
    case 'digits':
      return required(z.string().trim().max(32).regex(/^\+?\d*$/, `${def.label} may contain digits only`));
    case 'date':
      return required(z.string().regex(DATE_PATTERN, `${def.label} must be a date (YYYY-MM-DD)`));
    case 'datetime':
      return required(z.string().regex(DATE_TIME_PATTERN, `${def.label} must be a date and time (YYYY-MM-DD HH:mm:ss)`));
    case 'password':
      // An empty password on an edit form means "keep the current one".
      return required(
        z.union([z.literal(''), z.string().min(8, `${def.label} must be at least 8 characters`).max(200)]),
      );
    default: {
      const max = def.max ?? defaultMax(def.kind);
      let s = z.string({ error: `${def.label} must be text` }).max(max, `${def.label} must be at most ${max} characters`);
      if (def.pattern) s = s.regex(def.pattern.regex, def.pattern.message);
      if (def.required) s = s.trim().min(1, `${def.label} is required`);
      return required(s);
    }
  }
}

function defaultMax(kind: FieldKind): number {
  if (kind === 'html') return HTML_MAX;
  if (kind === 'textarea') return LONG_TEXT_MAX;
  if (kind === 'url' || kind === 'image') return URL_MAX;
  return TEXT_MAX;
}

/** Fields a client may send (everything but read-only ones). */
export function writableFields(def: EntityDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, fd]) => !fd.readOnly);
}

/** Strict create schema: unknown fields are refused, required fields must be present. */
export function createSchema(def: EntityDef): z.ZodObject {
  return z.strictObject(Object.fromEntries(writableFields(def).map(([name, fd]) => [name, fieldSchema(fd)])));
}

/** Strict update schema: every field optional (PUT may carry the full record or only changes). */
export function updateSchema(def: EntityDef): z.ZodObject {
  return createSchema(def).partial();
}

/** Defaults applied on create for fields the client left out. */
export function createDefaults(def: EntityDef): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(def.fields)
      .filter(([, fd]) => fd.default !== undefined)
      .map(([name, fd]) => [name, fd.default]),
  );
}

export function searchableFields(def: EntityDef): string[] {
  return Object.entries(def.fields)
    .filter(([, fd]) => fd.searchable)
    .map(([name]) => name);
}

/** Columns every table has besides its fields; app_key only on tenant tables. */
export function systemColumns(def: EntityDef): string[] {
  return def.tenant ? ['id', 'app_key', 'created_at', 'updated_at'] : ['id', 'created_at', 'updated_at'];
}

/** Fields stored in the entity's table. */
export function storedFields(def: EntityDef): string[] {
  return Object.entries(def.fields)
    .filter(([, fd]) => !fd.virtual)
    .map(([name]) => name);
}

/** Columns a row carries on the way out (write-only fields never leave the server). */
export function readableColumns(def: EntityDef): string[] {
  const fields = Object.entries(def.fields)
    .filter(([, fd]) => !fd.writeOnly && !fd.virtual)
    .map(([name]) => name);
  return [...new Set([...systemColumns(def), ...fields])];
}
