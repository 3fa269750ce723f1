/** A field's value as a person reads it in a comparison: the text of HTML, '--' for empty, long text cut. */
import type { EntityDef } from '../../../shared/entities';
import { htmlToText } from '../../../shared/html-text';

const MAX = 160;

export function fieldText(def: EntityDef, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '--';
  const text = def.fields[field]?.kind === 'html' ? htmlToText(String(value)) : String(value);
  return text.length > MAX ? `${text.slice(0, MAX)}…` : text;
}
