/**
 * Response schemas of the content API, derived from the entity definitions. They are JSON Schema
 * rather than zod on purpose: Fastify compiles them with fast-json-stringify, which serialises
 * faster than JSON.stringify and writes only the properties named here, so a column that is not
 * part of a record (a password hash) cannot leave the server even if a query selected it.
 */
import { type EntityDef, type FieldDef, readableColumns } from '../../shared/entities';

export type JsonSchema = Record<string, unknown>;

export const nullable = (type: string): JsonSchema => ({ type: [type, 'null'] });

function fieldType(fd: FieldDef): string {
  if (fd.kind === 'number' || fd.kind === 'relation') return 'integer';
  if (fd.kind === 'select') return typeof fd.choices[0]?.value === 'number' ? 'integer' : 'string';
  return 'string';
}

/** Public answers add each picture's placeholder and focal point (media/placeholders.ts); admin answers have neither. */
const PICTURE_PLACEHOLDERS: Record<string, JsonSchema> = {
  placeholders: { type: 'object', additionalProperties: { type: 'string' } },
  focal_points: { type: 'object', additionalProperties: { type: 'string' } },
};

/** One record as the API returns it; `extra` adds what a public read joins in (widgets, sections). */
export function recordSchema(def: EntityDef, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const system: Record<string, JsonSchema> = {
    id: { type: 'integer' },
    app_key: { type: 'string' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    version: { type: 'integer' },
    deleted_at: nullable('string'),
  };
  // A required field always has a value (the write schemas see to it), so its type says so.
  const typeOf = (fd: FieldDef): JsonSchema => {
    const schema = fd.required ? { type: fieldType(fd) } : nullable(fieldType(fd));
    // A choice of texts reads as one of them, so a record read can be written back as it is.
    if (fd.kind !== 'select' || fd.multiple || fieldType(fd) !== 'string') return schema;
    return { ...schema, enum: [...fd.choices.map((c) => c.value), ...(fd.required ? [] : [null])] };
  };
  const properties = Object.fromEntries(readableColumns(def).map((name) => [name, system[name] ?? typeOf(def.fields[name]!)]));
  return { type: 'object', properties: { ...properties, ...PICTURE_PLACEHOLDERS, ...extra } };
}

/**
 * A record as the admin API reads it, or (with `?locale=`) its text in one of its site's other
 * languages: then the locale it is in, and the fields written per language that have text there
 * (one that has none is left out: the default language's shows through).
 */
export function translationSchema(record: JsonSchema): JsonSchema {
  return { ...record, properties: { ...(record.properties as Record<string, JsonSchema>), locale: { type: 'string' } } };
}

/**
 * What visitors see of a record: its content, not who on staff made it (`created_by`, a site's
 * `user_id`: ids of staff accounts) nor its Trash state. The answer is written from this schema,
 * so what it leaves out is never sent.
 */
export function visitorRecordSchema(def: EntityDef, extra: Record<string, JsonSchema> = {}): JsonSchema {
  const staffOnly = Object.keys(def.fields).filter((name) => def.fields[name]!.staffOnly);
  const internal = new Set(['deleted_at', 'user_id', ...(def.ownerField ? [def.ownerField] : []), ...staffOnly]);
  const schema = recordSchema(def, extra) as { type: string; properties: Record<string, JsonSchema> };
  return { ...schema, properties: Object.fromEntries(Object.entries(schema.properties).filter(([name]) => !internal.has(name))) };
}

export const itemEnvelope = (record: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { data: record, message: { type: 'string' } },
});

/** `page`: properties a kind of list adds to its page (the search's `more`). */
export const listEnvelope = (record: JsonSchema, page: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        data: { type: 'array', items: record },
        current_page: { type: 'integer' },
        last_page: { type: 'integer' },
        total: { type: 'integer' },
        ...page,
      },
    },
  },
});

/** Menus are answered unpaged, as `{data: [...]}` (spec §7.1). */
export const arrayEnvelope = (record: JsonSchema): JsonSchema => ({
  type: 'object',
  properties: { data: { type: 'array', items: record } },
});

/** An answer that only says what happened. */
export const messageAnswer: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: { message: { type: 'string' } },
};

/**
 * An object whose named properties are documented and whose others pass through as they are: for
 * answers that are not records (a report, settings), where leaving a property out must not drop it.
 */
export const openObject = (properties: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'object',
  properties,
  additionalProperties: true,
});

/** A CSV download (with the route's `produces: ['text/csv']`). */
export const csvAnswer: JsonSchema = { type: 'string', description: 'The rows as CSV, with a header line' };

/** An object, or null when there is none (a record's draft). */
export const nullableObject = (properties: Record<string, JsonSchema>): JsonSchema => ({ type: ['object', 'null'], properties });

/** An object of exactly these properties: anything else a handler returns is not sent. */
export const objectOf = (properties: Record<string, unknown>): JsonSchema => ({ type: 'object', properties });
