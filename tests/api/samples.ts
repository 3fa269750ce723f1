/** Valid bodies for any entity, derived from its definition, so one table-driven test covers all. */
import type { EntityDef, FieldDef } from '../../src/shared/entities';

let counter = 0;

function sampleValue(name: string, field: FieldDef, tag: string): unknown {
  // A built form's questions are a JSON list (shared/built-forms.ts); its notify addresses are addresses.
  if ('editor' in field && field.editor === 'form-fields')
    return JSON.stringify([{ name: 'q', kind: 'text', label: `Question ${tag}` }]);
  if (name === 'notify_emails') return `${tag}@example.org`;
  switch (field.kind) {
    case 'number':
      return field.min ?? 0;
    case 'relation':
      return null;
    case 'select':
      return field.choices?.[0]?.value ?? null;
    case 'email':
      return `${tag}-${name}@example.org`;
    case 'digits':
      return '01700000000';
    case 'date':
      return '1990-05-17';
    case 'datetime':
      return '2026-12-01 09:30:00';
    case 'password':
      return 'a-good-password';
    case 'url':
    case 'image':
      return `https://example.org/${tag}.png`;
    default:
      return field.pattern ? `${tag}-key` : `${field.label} ${tag}`;
  }
}

/** Every writable field filled with a valid value; `tag` makes texts searchable and unique. */
export function sampleBody(def: EntityDef, tag = `s${Date.now().toString(36)}${counter++}`): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(def.fields)) {
    if (field.readOnly) continue;
    body[name] = sampleValue(name, field, tag);
  }
  if ('confirm_password' in body) body.confirm_password = body.password;
  if (def.slug) body[def.slug.field] = `slug-${tag}`;
  return body;
}

/** Only the required fields (what a minimal create needs). */
export function minimalBody(def: EntityDef, tag = `m${Date.now().toString(36)}${counter++}`): Record<string, unknown> {
  const full = sampleBody(def, tag);
  const body = Object.fromEntries(Object.entries(full).filter(([name]) => def.fields[name]?.required));
  if ('password' in def.fields) Object.assign(body, { password: full.password, confirm_password: full.password });
  return body;
}

/** The first searchable text field and its sample value (for search tests). */
export function searchProbe(def: EntityDef, body: Record<string, unknown>): [string, string] | undefined {
  const entry = Object.entries(def.fields).find(
    ([name, f]) => f.searchable && typeof body[name] === 'string' && (body[name] as string).length > 3,
  );
  return entry ? [entry[0], body[entry[0]] as string] : undefined;
}
