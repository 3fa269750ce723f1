/**
 * The vocabulary every entity definition is written in. A definition is plain data: it imports no
 * React, no database and no zod (so the public bundle stays small). From it the server derives
 * validation and the OpenAPI document (./schemas.ts), the database interface (server/db/schema.ts),
 * the admin derives its screens, list columns and form inputs, and TypeScript derives the record
 * types (`RecordOf<typeof posts>`), because each field helper keeps its options as literal types.
 */

export interface Choice<V extends string | number = string | number> {
  value: V;
  label: string;
}

/** What every field kind may say. */
interface FieldBase {
  label: string;
  /** Help text under the input, e.g. the section template's 'default, custom etc.'. */
  hint?: string;
  /** The help text on an existing record's form, in place of `hint` (a password: left empty, the current one stays). */
  editHint?: string;
  required?: boolean;
  /** Included in the case-insensitive `search_key` match. */
  searchable?: boolean;
  /** Set by the server; shown but never accepted from a client. */
  readOnly?: boolean;
  /** Accepted from a client but never returned (passwords). */
  writeOnly?: boolean;
  /** Not offered on the admin form (still accepted by the API). */
  hidden?: boolean;
  /** Staff's alone: left out of what visitors read (a form's notify addresses). */
  staffOnly?: boolean;
  /** No two rows (of one application, for tenant entities) may share a non-empty value. */
  unique?: boolean;
  /** Accepted and checked but not stored (the user form's confirm_password). */
  virtual?: boolean;
  /** Given when the record is created and never changed after (an application's key, which sites and accounts name). */
  fixed?: boolean;
  /** What the browser may fill it with (`username`, `current-password`, `one-time-code`): its autocomplete token. */
  autoComplete?: string;
  /**
   * Written in each of a site's locales (titles, text, slugs, alt text, SEO fields); a field
   * without it (ids, status, order, relations, files, dates) is shared by every locale.
   */
  localized?: boolean;
}

/** Kinds whose value is text. */
export type TextKind = 'text' | 'textarea' | 'html' | 'email' | 'url' | 'digits' | 'date' | 'datetime' | 'image' | 'password';

export interface TextField extends FieldBase {
  kind: TextKind;
  /** Longest accepted text. */
  max?: number;
  /** Value given on create when the field is left out. */
  default?: string | null;
  /** Text must match this pattern. */
  pattern?: { regex: RegExp; message: string };
  /** Suggestions offered while typing ('text' only; any text is still accepted). */
  choices?: readonly Choice<string>[];
  /** Height of a 'textarea'. */
  rows?: number;
  /** Image picker button text ('Select Image', 'Select Logo'). */
  pickerLabel?: string;
  /** Holds an address ('url' and 'image' always do): only safe schemes are accepted. */
  address?: boolean;
  /** Edited with an input of its own rather than as text ('form-fields': a built form's fields, as JSON). */
  editor?: 'form-fields';
}

export interface NumberField extends FieldBase {
  kind: 'number';
  /** A 1/0 value shown as two named states (Status: Active / Inactive) instead of a number box. */
  toggle?: { on: string; off: string };
  /** Smallest accepted number. */
  min?: number;
  /** Largest accepted number. */
  max?: number;
  default?: number | null;
}

export interface SelectField<V extends string | number = string | number> extends FieldBase {
  kind: 'select';
  /** The value must be one of these. */
  choices: readonly Choice<V>[];
  /** Several choices at once, stored as one comma-separated text ('created,deleted'). */
  multiple?: boolean;
  default?: V | string | null;
}

export interface RelationField extends FieldBase {
  kind: 'relation';
  /** The entity whose ids this field holds and the field shown in the selector. */
  relation: { entity: string; labelField: string };
  default?: null;
}

export type FieldDef = TextField | NumberField | SelectField | RelationField;
export type FieldKind = FieldDef['kind'];
/** The definition type of one kind ('image' → TextField), for registries keyed by kind. */
export type FieldOfKind<K extends FieldKind> = FieldDef extends infer D
  ? D extends { kind: infer DK }
    ? K extends DK
      ? D
      : never
    : never
  : never;

/**
 * `read`: a message's read time, shown as New until someone has opened it. `choice`: a select
 * field's value shown as its choice's label.
 */
export type ColumnFormat = 'text' | 'status' | 'brackets' | 'image' | 'datetime' | 'read' | 'choice';

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

export type Fields = Record<string, FieldDef>;

export interface EntityDef<F extends Fields = Fields> {
  /** URL segment in /cms/api/{resource}. */
  resource: string;
  /** Admin route segment in /admin/{adminPath}. */
  adminPath: string;
  table: string;
  /** Plural heading of the list screen and its sidebar item. */
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
  /**
   * Field holding a unique-per-application URL slug generated from `from` when left empty;
   * `reserved` slugs are addresses the site itself owns (a page cannot be called `admin`).
   */
  slug?: { field: string; from: string; reserved?: readonly string[] };
  successText?: string;
  /** Admin can read and delete but not create or edit (contact messages). */
  readOnlyResource?: boolean;
  /** Label for a row in selectors and dialogs. */
  labelField: string;
  /**
   * Field the server fills with the creating user's id, for roles whose right covers only their
   * own records (an author edits their own posts).
   */
  ownerField?: string;
  /** Field holding the time a row becomes public ('YYYY-MM-DD HH:mm:ss', UTC); empty means now. */
  publishedFrom?: string;
  /**
   * Its records may have to pass review before they are public (issue #61, server/content/review.ts):
   * the site's `review` setting says whose; the record's `review_stage` field (f.reviewStage) holds
   * where it is, empty once it has passed.
   */
  review?: true;
  /** Staff can download every row as CSV (subscribers, messages). */
  exportable?: boolean;
  /** What visitors see of it, and where the site shows it; absent for what is only staff's. */
  public?: PublicBlock;
  /**
   * Who may see it where that differs from the rest of a site's content (shared/rights.ts):
   * 'personal-data', people's details (editors and admins); 'site-settings', settings that reach
   * other systems (admins only, and webhooks do not follow their changes).
   */
  sensitivity?: 'personal-data' | 'site-settings';
  /**
   * Its rows are the sites themselves: addressed by app key (routes/applications.ts), filed under
   * the site each is, never made or removed by an API token.
   */
  sites?: true;
  /**
   * Rules of its own on the server (Payload's `hooks`), by name: the definitions are shared with
   * the browser, so the code is the server's (server/content/entity-hooks.ts).
   */
  hooks?: EntityHookName;
  /** What the back-office adds to its generic screens (Payload's `admin`). */
  admin?: AdminBlock;
}

/** Sets of server rules an entity may name (server/content/entity-hooks.ts). */
export type EntityHookName = 'users' | 'site-id' | 'webhooks' | 'site-locales' | 'forms';

/** The back-office sidebar's sections, in order; the dashboards come first, above them. */
export const SCREEN_GROUPS = ['Content', 'Media', 'Site', 'People', 'System'] as const;
export type ScreenGroup = (typeof SCREEN_GROUPS)[number];

export interface AdminBlock {
  /** The sidebar section its screen is listed in ('Content' unless it says). */
  group?: ScreenGroup;
  /**
   * Visitors write it and staff read it, as mail: an unread count beside its sidebar item, a
   * record marked read when opened, and a note above the list when no mail goes out.
   */
  inbox?: true;
  /**
   * A record is marked read when opened, and can be marked unread again, as an inbox's is, with
   * no sidebar count (form entries: their count is per form and on the dashboard).
   */
  marksRead?: true;
}

/**
 * What of an entity is public (Payload's `access.read` plus Directus's generic router, in one
 * block): the reads under /cms, where the site shows a record, whether the sitemap lists it and
 * how a preview link shows a draft. The public router, the sitemap and preview links read it.
 */
export interface PublicBlock {
  /**
   * GET /cms/{resource}: the records visitors see, in the list order. `size` is the page size when
   * the request names none; `unpaged` answers every record as `{data: [...]}` (menus, spec §7.1);
   * `filters` are fields a query may narrow it by (`?is_top=1`).
   */
  list?: { size: number; unpaged?: boolean; filters?: readonly string[] };
  /** GET /cms/{resource}/{slug}: one record by its slug field. */
  detail?: boolean;
  /** Children each read carries: `name` holds the `entity` records whose `by` field names this one. */
  embeds?: readonly { name: string; entity: string; by: string }[];
  /** Where the site shows a record: a path with `:slug` (`/news/:slug`), or a fixed one (`/`: slides on the home page). */
  path?: string;
  /** /sitemap.xml lists each record at its `path` (it needs `:slug`). */
  sitemap?: boolean;
  /**
   * How a preview link (`?preview=`) shows a draft: in the `detail` read, or first in the `list`
   * read (a slide on the home page's slider). Only publishable entities have drafts to preview.
   */
  preview?: 'detail' | 'list';
  /**
   * The site's search finds a record by the words of these fields (`/search`, content/visitor-search.ts):
   * its title, shown as the result's heading, and the text its excerpt is cut from. It needs `path`.
   */
  search?: { title: string; text: readonly string[] };
}

/** The fields written in each of a site's locales. */
export const localizedFields = (def: EntityDef): string[] =>
  Object.keys(def.fields).filter((name) => def.fields[name]!.localized);

/** The children a public read embeds in each record (a page's `sections`). */
export const embedNames = (def: EntityDef): string[] => (def.public?.embeds ?? []).map((embed) => embed.name);

/** Where the site shows `row` of `def`, or undefined when the site shows none of it on a page of its own. */
export function publicPathOf(def: EntityDef, row: Record<string, unknown>): string | undefined {
  const path = def.public?.path;
  if (!path) return undefined;
  const slug = def.slug ? row[def.slug.field] : undefined;
  if (!path.includes(':slug')) return path;
  return typeof slug === 'string' && slug !== '' ? path.replace(':slug', encodeURIComponent(slug)) : undefined;
}

export const STATUS_DEFAULT = 1;

/** The stages a record passes before it is public, when its site asks for review (issue #61). */
export const REVIEW_STAGES = [
  { value: 'draft', label: 'Draft' },
  { value: 'in_review', label: 'In review' },
  { value: 'approved', label: 'Approved' },
] as const satisfies readonly Choice<string>[];
export type ReviewStage = (typeof REVIEW_STAGES)[number]['value'];

// ── Field helpers: each keeps its options' literal types (`required: true`, choice values), which
// is what lets RecordOf tell a required field from an optional one and a choice from any text.

type Options<D extends FieldDef> = Omit<D, 'kind' | 'label'>;

const textField =
  <K extends TextKind>(kind: K) =>
  <const O extends Options<TextField> = object>(label: string, opts?: O) =>
    ({ kind, label, ...opts }) as { kind: K; label: string } & O;

export const f = {
  text: textField('text'),
  textarea: textField('textarea'),
  html: textField('html'),
  email: textField('email'),
  url: textField('url'),
  digits: textField('digits'),
  date: textField('date'),
  datetime: textField('datetime'),
  image: <const O extends Options<TextField> = object>(label: string, opts?: O) =>
    ({ kind: 'image', label, pickerLabel: 'Select Image', ...opts }) as { kind: 'image'; label: string } & O,
  password: <const O extends Options<TextField> = object>(label: string, opts?: O) =>
    ({ kind: 'password', label, writeOnly: true, ...opts }) as { kind: 'password'; label: string; writeOnly: true } & O,
  number: <const O extends Options<NumberField> = object>(label: string, opts?: O) =>
    ({ kind: 'number', label, ...opts }) as { kind: 'number'; label: string } & O,
  select: <const O extends Options<SelectField>>(label: string, opts: O) =>
    ({ kind: 'select', label, ...opts }) as { kind: 'select'; label: string } & O,
  relation: <const O extends Omit<Options<RelationField>, 'relation'> = object>(
    label: string,
    entity: string,
    labelField: string,
    opts?: O,
  ) =>
    ({ kind: 'relation', label, relation: { entity, labelField }, ...opts }) as {
      kind: 'relation';
      label: string;
      relation: RelationField['relation'];
    } & O,
  /** When a page, post or slide goes public (with Status 1); empty means as soon as it is saved. */
  publishAt: () =>
    ({
      kind: 'datetime',
      label: 'Publish at',
      hint: 'Left empty, it is public as soon as its Status is Active; set, it becomes public by itself at that time',
    }) as const,
  /**
   * Where a record stands in review (issue #61): draft, in review or approved; empty when it has
   * passed (or never had to), which is the only value visitors see. Only the review routes set it.
   */
  reviewStage: () =>
    ({
      kind: 'select',
      label: 'Review stage',
      choices: REVIEW_STAGES,
      readOnly: true,
      hidden: true,
      staffOnly: true,
    }) as const,
  /** Every content entity's on/off switch: 1 shows a row to visitors, 0 hides it. */
  status: () =>
    ({
      kind: 'number',
      label: 'Status',
      min: 0,
      max: 1,
      default: STATUS_DEFAULT,
      toggle: { on: 'Active', off: 'Inactive' },
    }) as const,
};

// ── Records derived from a definition.

/** The value a field holds when set. */
type ValueOf<D> = D extends { kind: 'number' | 'relation' }
  ? number
  : D extends { kind: 'select'; multiple: true }
    ? string
    : D extends { kind: 'select'; choices: readonly (infer C)[] }
      ? C extends { value: infer V }
        ? V
        : never
      : string;

/** Required fields always hold a value; every other field may be empty. */
type StoredValue<D> = D extends { required: true } ? ValueOf<D> : ValueOf<D> | null;

type KeysWhere<F, Excluded> = { [K in keyof F]: F[K] extends Excluded ? never : K }[keyof F] & string;

/** Columns every row has besides its fields. */
export interface SystemColumns {
  id: number;
  created_at: string;
  updated_at: string;
  /** 1 on create, one more on every save: what a save says it was based on (If-Match). */
  version: number;
}

/** What a column of a record holds, whatever its field: text, a number, or nothing. */
export type ColumnValue = string | number | null;

/**
 * A record of an entity not known at compile time, in code that serves every entity alike (the
 * repository, the CRUD and public routers, the admin's lists and forms): its system columns
 * typed, each other column's value as stored, and what a read may add beside them (a public
 * read's embedded children, its pictures' placeholders).
 */
export type AnyRecord = Partial<SystemColumns> & {
  [column: string]: ColumnValue | undefined | AnyRecord[] | Readonly<Record<string, string>>;
};

/** A site's content belongs to one application and goes to the Trash before it is erased. */
type TenantColumn<E> = E extends { tenant: false } ? object : { app_key: string; deleted_at: string | null };

/** A generated slug is filled on every write, so it is never empty. */
type SlugColumn<E> = E extends { slug: { field: infer S extends string } } ? { [K in S]: string } : object;

/** A record as the API returns it: system columns and every field but write-only and virtual ones. */
export type RecordOf<E extends { fields: Fields }> = SystemColumns &
  TenantColumn<E> &
  SlugColumn<E> & { [K in KeysWhere<E['fields'], { writeOnly: true } | { virtual: true }>]: StoredValue<E['fields'][K]> };

/** A row as the table stores it: like the record, with write-only fields (password hashes) too. */
export type StoredRowOf<E extends { fields: Fields }> = SystemColumns &
  TenantColumn<E> & { [K in KeysWhere<E['fields'], { virtual: true }>]: StoredValue<E['fields'][K]> };

/** What a client sends on create: every field it may write. */
export type InputOf<E extends { fields: Fields }> = {
  [K in KeysWhere<E['fields'], { readOnly: true }>]?: StoredValue<E['fields'][K]>;
};

// ── Definitions with the common parts filled in.

/** What a definition must say; the rest has the defaults every admin list shares. */
export type EntityInput<F extends Fields> = Omit<
  EntityDef<F>,
  'adminPath' | 'table' | 'pageSizes' | 'defaultPageSize' | 'tenant' | 'order'
> &
  Partial<Pick<EntityDef<F>, 'adminPath' | 'table' | 'pageSizes' | 'defaultPageSize' | 'tenant' | 'order'>>;

export const DEFAULT_PAGE_SIZES = [10, 25, 50, 100] as const;

/** 'post-categories' → 'post_categories', as a type. */
type Snake<S extends string> = S extends `${infer A}-${infer B}` ? `${A}_${Snake<B>}` : S;

/** A definition as defineEntity returns it: its own literals plus the defaults it was given. */
export type Defined<F extends Fields, I extends EntityInput<F>> = EntityDef<F> &
  I & {
    tenant: I['tenant'] extends false ? false : true;
    table: I extends { table: infer T extends string } ? T : Snake<I['resource']>;
  };

/**
 * Fills what most entities share: adminPath and table from the resource, the 10/25/50/100 page
 * sizes, oldest first, and tenant scoping (content belongs to one site unless it says otherwise).
 */
export function defineEntity<const F extends Fields, const I extends EntityInput<F>>(def: I & { fields: F }): Defined<F, I> {
  const pageSizes = def.pageSizes ?? DEFAULT_PAGE_SIZES;
  return {
    adminPath: def.resource,
    table: def.resource.replace(/-/g, '_'),
    pageSizes,
    defaultPageSize: pageSizes[0]!,
    tenant: true,
    order: [{ field: 'id', dir: 'asc' }],
    ...def,
  } as unknown as Defined<F, I>;
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

/** Columns every table has besides its fields; app_key and deleted_at only on tenant tables. */
export function systemColumns(def: EntityDef): string[] {
  return def.tenant
    ? ['id', 'app_key', 'created_at', 'updated_at', 'version', 'deleted_at']
    : ['id', 'created_at', 'updated_at', 'version'];
}

/**
 * A site's content goes to the Trash on delete (restorable for LIMITS.trashDays); users and
 * applications, which are not content, are deleted outright.
 */
export const hasTrash = (def: EntityDef) => def.tenant;

/** Pages, posts and slides: scheduled by `publish_at`, with drafts and preview links. */
export const isPublishable = (def: EntityDef) => 'publish_at' in def.fields;

/** Fields stored in the entity's table. */
export function storedFields(def: EntityDef): string[] {
  return Object.entries(def.fields)
    .filter(([, fd]) => !fd.virtual)
    .map(([name]) => name);
}

/** Columns a row carries on the way out (write-only fields never leave the server). */
export function readableColumns<E extends EntityDef>(def: E): (keyof RecordOf<E> & string)[] {
  const fields = Object.entries(def.fields)
    .filter(([, fd]) => !fd.writeOnly && !fd.virtual)
    .map(([name]) => name);
  return [...new Set([...systemColumns(def), ...fields])] as (keyof RecordOf<E> & string)[];
}

/** True for fields whose text is an address (links, images, icons). */
export const isAddressField = (fd: FieldDef) =>
  fd.kind === 'url' || fd.kind === 'image' || ('address' in fd && fd.address === true);

/** The SQL type a field is stored as (every date is ISO text, in both dialects). */
export function columnType(fd: FieldDef): 'integer' | 'text' {
  return fd.kind === 'number' || fd.kind === 'relation' || (fd.kind === 'select' && typeof fd.choices[0]?.value === 'number')
    ? 'integer'
    : 'text';
}
