/**
 * The zod schemas derived from the entity definitions: what the server accepts on create and
 * update. Kept apart from define.ts so that the browser, which only needs the plain definitions,
 * never downloads zod.
 */
import { z } from 'zod';
import { isSafeAddress, UNSAFE_ADDRESS_MESSAGE } from '../addresses';
import { type EntityDef, type FieldDef, type FieldKind, isAddressField } from './define';

const TEXT_MAX = 255;
const LONG_TEXT_MAX = 5_000;
const HTML_MAX = 500_000;
const URL_MAX = 2_048;

export const DATE_TIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
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
      return required(z.string().regex(DATE_TIME_PATTERN, `${def.label} must be a date and time (YYYY-MM-DD HH:mm:ss)`));
    case 'password':
      // An empty password on an edit form means "keep the current one".
      return required(z.union([z.literal(''), z.string().min(8, `${def.label} must be at least 8 characters`).max(200)]));
    default: {
      const max = def.max ?? defaultMax(def.kind);
      let s = z.string({ error: `${def.label} must be text` }).max(max, `${def.label} must be at most ${max} characters`);
      if (def.pattern) s = s.regex(def.pattern.regex, def.pattern.message);
      if (isAddressField(def)) s = s.refine(isSafeAddress, `${def.label} ${UNSAFE_ADDRESS_MESSAGE}`);
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

/**
 * Strict update schema: every field optional (PUT may carry the full record or only changes),
 * and the version the changes are based on (or send it as `If-Match`).
 */
export function updateSchema(def: EntityDef): z.ZodObject {
  return createSchema(def)
    .partial()
    .extend({ version: z.number({ error: 'version must be a number' }).int().positive().optional() });
}
