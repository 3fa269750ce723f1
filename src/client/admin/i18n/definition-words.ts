/**
 * The words a definition shows staff (its titles, field labels, hints, choices, toggles, picker
 * buttons, column headings, success text): what the terms tables translate. The terms test checks
 * every one has its entry, and `npm run entity:new` adds a new entity's to the tables.
 */
import type { EntityDef, FieldDef } from '../../../shared/entities';

/** The words of a set of fields (an entity's, or a fixed form's such as the sign-in). */
export function fieldWords(fields: Readonly<Record<string, FieldDef>>): string[] {
  const words: string[] = [];
  for (const field of Object.values(fields)) {
    words.push(field.label);
    if (field.hint) words.push(field.hint);
    if (field.editHint) words.push(field.editHint);
    if ('choices' in field) for (const choice of field.choices ?? []) words.push(choice.label);
    if ('toggle' in field && field.toggle) words.push(field.toggle.on, field.toggle.off);
    if ('pickerLabel' in field && field.pickerLabel) words.push(field.pickerLabel);
  }
  return words;
}

/** Every word of an entity's definition, each once. */
export function definitionWords(def: EntityDef): string[] {
  return [
    ...new Set([
      def.title,
      def.formTitle,
      ...fieldWords(def.fields),
      ...def.columns.map((column) => column.label),
      ...(def.successText ? [def.successText] : []),
    ]),
  ];
}

/** Codes staff type or recognise as codes (`_news`, `_blank`, `ab1`) are not words: they stay as they are. */
export const isCode = (word: string) => /^_|^[a-z0-9_]+$/.test(word);
