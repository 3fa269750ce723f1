/**
 * Between the wire and the inputs. The form holds what inputs want ('' for empty text and numbers,
 * null for empty choices); the payload holds what the API validates (numbers as numbers, empty
 * optional values as null, passwords only when one was typed).
 */
import type { EntityDef, FieldDef } from '../../../shared/entities';
import type { Row } from '../api/entity-queries';

export type FormValues = Record<string, unknown>;

/** The fields the form offers: everything a client may send and the panel should show. */
export function formFields(def: EntityDef): [string, FieldDef][] {
  return Object.entries(def.fields).filter(([, fd]) => !fd.readOnly && !fd.hidden);
}

function emptyValue(fd: FieldDef): unknown {
  if (fd.kind === 'select' && fd.multiple) return [];
  return fd.kind === 'select' || fd.kind === 'relation' ? null : '';
}

export function initialValues(def: EntityDef): FormValues {
  return Object.fromEntries(formFields(def).map(([name, fd]) => [name, fd.default ?? emptyValue(fd)]));
}

/** A form's values from a record, or from a body kept to send again (saved offline). */
export function toFormValues(def: EntityDef, record: Row | FormValues): FormValues {
  // The version travels with the values: a save says which version it was based on.
  const values: FormValues = { id: record.id, version: record.version };
  for (const [name, fd] of formFields(def)) {
    const raw = record[name];
    if (fd.kind === 'password' || raw === null || raw === undefined || raw === '') values[name] = emptyValue(fd);
    else if (fd.kind === 'number' || fd.kind === 'relation') values[name] = Number(raw);
    else if (fd.kind === 'select') values[name] = fd.multiple ? String(raw).split(',') : raw;
    else values[name] = String(raw);
  }
  return values;
}

export function toPayload(def: EntityDef, values: FormValues): FormValues {
  const payload: FormValues = typeof values.version === 'number' ? { version: values.version } : {};
  const passwordTyped = Boolean(values.password) || Boolean(values.confirm_password);
  for (const [name, fd] of formFields(def)) {
    const value = values[name];
    const empty = value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
    if (fd.kind === 'password') {
      // Left empty on an edit, the password stays as it is.
      if (passwordTyped) payload[name] = value ?? '';
    } else if (fd.kind === 'number' || fd.kind === 'relation') {
      payload[name] = empty ? null : Number(value);
    } else if (fd.kind === 'select') {
      // Several choices travel as one comma-separated text, in the order the definition lists them.
      const inOrder = () => fd.choices.map((c) => String(c.value)).filter((v) => (value as string[]).includes(v));
      payload[name] = empty ? null : fd.multiple ? inOrder().join(',') : value;
    } else {
      // A required text goes as '' so the server answers with its 'is required' message.
      payload[name] = empty ? (fd.required ? '' : null) : value;
    }
  }
  return payload;
}

export const PASSWORD_MISMATCH = 'Passwords do not match.';

/** Checks made before a save: only the password confirmation, which users expect to be checked. */
export function validateValues(def: EntityDef, values: FormValues): Record<string, string> {
  if (!('password' in def.fields && 'confirm_password' in def.fields)) return {};
  const password = String(values.password ?? '');
  const confirm = String(values.confirm_password ?? '');
  return password === confirm ? {} : { confirm_password: PASSWORD_MISMATCH };
}
