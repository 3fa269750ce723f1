/**
 * The vocabulary every entity definition is written in. A definition is plain data: it imports no
 * React, no database and no zod (so the public bundle stays small). From it the server derives
 * validation and the OpenAPI document (./schemas.ts), the admin
 * derives its list columns and form inputs, and TypeScript derives the record types.
 */
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
