/**
 * The zod schemas derived from the entity definitions: what the server accepts on create and
 * update. Kept apart from define.ts so that the browser, which only needs the plain definitions,
 * never downloads zod.
 */
import { z } from 'zod';
import { isSafeAddress, UNSAFE_ADDRESS_MESSAGE } from '../addresses';
import { isPendingRef } from '../pending-upload';
import { ISO_DATE_TIME, STORED_DATE_TIME, storedDateTime } from '../date-time';
import {
  embedNames,
  type EntityDef,
  type FieldDef,
  type FieldKind,
  isAddressField,
  localizedFields,
  systemColumns,
} from './define';

const TEXT_MAX = 255;
const LONG_TEXT_MAX = 5_000;
const HTML_MAX = 500_000;
const URL_MAX = 2_048;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The zod schema that validates one field's value on the way in. */
export function fieldSchema(def: FieldDef): z.ZodType {
  const required = (s: z.ZodType) => (def.required ? s : s.nullable().optional());
  switch (def.kind) {
    case 'number':
    case 'relation': {
      let n = z.number({ error: `${def.label} must be a number` }).int(`${def.label} must be a whole number`);
      const min = def.kind === 'number' ? def.min : undefined;
      const max = def.kind === 'number' ? def.max : undefined;
      if (min !== undefined) n = n.min(min, `${def.label} must be at least ${min}`);
      if (max !== undefined) n = n.max(max, `${def.label} must be at most ${max}`);
      return required(n);
    }
    case 'select': {
      const values = def.choices.map((c) => c.value);
      if (def.multiple) {
        const message = `${def.label} must be a comma-separated list of: ${values.join(', ')}`;
        return required(
          z
            .string()
            .max(TEXT_MAX)
            .refine((text) => text === '' || text.split(',').every((item) => values.includes(item)), message)
            .refine((text) => new Set(text.split(',')).size === text.split(',').length, `${def.label} names a choice twice`),
        );
      }
      const s = z.union(values.map((v) => z.literal(v)) as [z.ZodLiteral, ...z.ZodLiteral[]], {
        error: `${def.label} must be one of: ${values.join(', ')}`,
      });
      return required(s);
    }
    case 'email':
      return required(
        z
          .string()
          .trim()
          .max(TEXT_MAX)
          .pipe(z.email(`${def.label} must be a valid email address`)),
      );
    case 'digits':
      return required(
        z
          .string()
          .trim()
          .max(32)
          .regex(/^\+?\d*$/, `${def.label} may contain digits only`),
      );
    case 'date':
      return required(z.string().regex(DATE_PATTERN, `${def.label} must be a date (YYYY-MM-DD)`));
    case 'datetime':
      return required(dateTimeSchema(def.label));
    case 'password':
      // An empty password on an edit form means "keep the current one".
      return required(z.union([z.literal(''), z.string().min(8, `${def.label} must be at least 8 characters`).max(200)]));
    default: {
      const max = def.max ?? defaultMax(def.kind);
      let s = z.string({ error: `${def.label} must be text` }).max(max, `${def.label} must be at most ${max} characters`);
      if (def.pattern) s = s.regex(def.pattern.regex, def.pattern.message);
      // A picture may be named by its pending upload until it lands (shared/pending-upload.ts).
      if (isAddressField(def))
        s = s.refine(
          (value) => isSafeAddress(value) || (def.kind === 'image' && isPendingRef(value)),
          `${def.label} ${UNSAFE_ADDRESS_MESSAGE}`,
        );
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

/**
 * A date-time in either accepted form, stored as 'YYYY-MM-DD HH:mm:ss' UTC; answers keep that form.
 * The two patterns are named in the OpenAPI document (`anyOf`), so a consumer's tools know both.
 */
export function dateTimeSchema(label: string): z.ZodType<string> {
  const message = `${label} must be a date and time: ISO 8601 with Z or an offset (2026-11-25T10:00:00Z), or YYYY-MM-DD HH:mm:ss in UTC`;
  return z
    .union(
      [
        z.string().regex(ISO_DATE_TIME).meta({ format: 'date-time', description: 'ISO 8601 with Z or an offset' }),
        z.string().regex(STORED_DATE_TIME).meta({ description: 'YYYY-MM-DD HH:mm:ss, read as UTC' }),
      ],
      { error: message },
    )
    .transform((text, ctx) => {
      const stored = storedDateTime(text);
      if (stored === undefined) ctx.addIssue({ code: 'custom', message });
      return stored ?? text;
    });
}

/** Fields a client may send (everything but read-only ones). */
export function writableFields(def: EntityDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, fd]) => !fd.readOnly);
}

/** The writable fields, strictly: unknown fields are refused, required ones must be present. */
export function fieldsSchema(def: EntityDef): z.ZodObject {
  return z.strictObject(Object.fromEntries(writableFields(def).map(([name, fd]) => [name, fieldSchema(fd)])));
}

const serverGiven = (schema: z.ZodType) =>
  schema.optional().meta({ readOnly: true, description: 'Given out by the server; accepted back and ignored' });

/**
 * What the server gives out in a record beyond its writable fields: system columns, read-only
 * fields, picture placeholders and the children a read embeds. A client that loads a record,
 * edits it and sends it back whole (the spec's forms do) may send them; they are ignored, except
 * `version` (the edit's base) and `id` (which must name the record being written).
 */
export function serverGivenFields(def: EntityDef): z.ZodRawShape {
  const readOnly = Object.entries(def.fields).filter(([, fd]) => fd.readOnly);
  return {
    ...Object.fromEntries(systemColumns(def).map((name) => [name, serverGiven(z.string().nullable())])),
    ...Object.fromEntries(
      readOnly.map(([name, fd]) => [name, serverGiven(fd.kind === 'number' ? z.number().nullable() : z.string().nullable())]),
    ),
    placeholders: serverGiven(z.record(z.string(), z.string())),
    ...Object.fromEntries(embedNames(def).map((name) => [name, serverGiven(z.array(z.unknown()))])),
    // A localized record read in a language, or listed on a site in several, says which.
    ...(localizedFields(def).length
      ? {
          text_locales: serverGiven(z.record(z.string(), z.string())),
          slugs: serverGiven(z.record(z.string(), z.string())),
          translations: serverGiven(z.array(z.string())),
        }
      : {}),
    id: z.number({ error: 'id must be a number' }).int().positive().optional().meta({
      description: 'Given out by the server; when sent back it must name the record being written',
    }),
    version: z.number({ error: 'version must be a number' }).int().nonnegative().optional().meta({
      description:
        'The version these changes are based on (or send it as If-Match); a newer one on the server is a 409. 0: a translation (`?locale=`) not written yet',
    }),
  };
}

/** `fields` plus what a loaded record carries, which is then dropped: all of it but `id` and `version`. */
function acceptingRoundTrip(def: EntityDef, fields: z.ZodObject) {
  const given = serverGivenFields(def);
  const ignored = Object.keys(given).filter((name) => name !== 'id' && name !== 'version');
  return fields
    .extend(given)
    .strict()
    .transform((body: Record<string, unknown>) => {
      const kept = { ...body };
      for (const name of ignored) delete kept[name];
      return kept;
    });
}

/** Create: the writable fields (required ones present), plus what a loaded record carries. */
export const createSchema = (def: EntityDef) => acceptingRoundTrip(def, fieldsSchema(def));

/** Update: every field optional (a PUT may carry the full record or only changes), plus what a loaded record carries. */
export const updateSchema = (def: EntityDef) => acceptingRoundTrip(def, fieldsSchema(def).partial());
