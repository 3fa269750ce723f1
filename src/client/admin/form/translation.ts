/**
 * The form of a record's text in another language (issue 32): its localized fields only, none
 * required (one left empty shows the default language's text to visitors), each with the default
 * language's text beside it for reference. Saved at the translation's own version (`?locale=`).
 */
import { type EntityDef, type FieldDef, localizedFields } from '../../../shared/entities';
import { htmlToText } from '../../../shared/html-text';
import type { Row } from '../api/entity-queries';
import { languageName } from '../../../shared/locales';

const REFERENCE_MAX = 240;

/** What the default language says in `value`, as one line of plain text. */
function referenceText(field: FieldDef, value: unknown): string {
  const text = typeof value === 'string' ? (field.kind === 'html' ? htmlToText(value) : value).trim() : '';
  return text.length > REFERENCE_MAX ? `${text.slice(0, REFERENCE_MAX - 1).trimEnd()}…` : text;
}

/** `def` cut down to its localized fields, each saying what `reference` (the record in `defaultLocale`) has there. */
export function translationDef(def: EntityDef, defaultLocale: string, reference: Row | undefined): EntityDef {
  const language = languageName(defaultLocale);
  const fields = Object.fromEntries(
    localizedFields(def).map((name) => {
      const field = def.fields[name]!;
      const text = referenceText(field, reference?.[name]);
      const hint = text ? `${language}: ${text}` : `No ${language} text either`;
      return [name, { ...field, required: false, hint } as FieldDef];
    }),
  );
  return { ...def, fields };
}
