/**
 * The activity log in words: an action's label rather than its code, and a change as the field's
 * label with its values as a form shows them (a choice's label, Active or Inactive, "none") rather
 * than the stored ones. Pure functions of the shown language's texts, unit-tested without a DOM.
 */
import { ENTITIES, entityByResource, type FieldDef } from '../../../shared/entities';
import type { AdminMessageKey, AdminText } from '../i18n';

/** A code no label knows yet (a newer server's) read as words: 'two-factor-change' → 'Two factor change'. */
export function readableCode(code: string): string {
  const words = code.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : code;
}

/** An action's label in the shown language; an unknown code as readable words, never a key. */
export function actionLabel(action: string, t: AdminText): string {
  const key = `activityAction.${action}` as AdminMessageKey;
  const label = t(key);
  return label === key ? readableCode(action) : label;
}

/** What the log's entries are about, each by its screen's title: every entity, and the media library's files. */
export const LOGGED_ENTITIES = [
  ...Object.values(ENTITIES).map((def) => ({ value: def.resource, label: def.title })),
  { value: 'files', label: 'Media files' },
];

/** An entry's entity by its title in the shown language; one no screen shows (tokens, settings) as words. */
export function entityTitle(entity: string, term: (word: string) => string): string {
  const known = LOGGED_ENTITIES.find((choice) => choice.value === entity);
  return known ? term(known.label) : readableCode(entity);
}

/** The definition of a logged field, when its entity has one (tokens, files and settings have none). */
const fieldOf = (entity: string | null, name: string): FieldDef | undefined =>
  entity ? entityByResource(entity)?.fields[name] : undefined;

/** A changed field's label in the shown language, else its name as words. */
export function changeFieldLabel(entity: string | null, name: string, term: (word: string) => string): string {
  const field = fieldOf(entity, name);
  return field ? term(field.label) : readableCode(name);
}

const LONGEST = 60;

/** One value of a change as a person reads it; long values are cut, as they are in lists. */
export function changeValue(
  entity: string | null,
  name: string,
  value: unknown,
  t: AdminText,
  term: (word: string) => string,
): string {
  if (value === null || value === undefined || value === '') return t('activity.none');
  if (typeof value === 'boolean') return t(value ? 'activity.yes' : 'activity.no');
  const field = fieldOf(entity, name);
  let text: string;
  if (field && 'choices' in field && field.choices) {
    const choices = field.choices;
    const labelOf = (one: unknown) => {
      const choice = choices.find((c) => String(c.value) === String(one).trim());
      return choice ? term(choice.label) : String(one);
    };
    text = field.kind === 'select' && field.multiple ? String(value).split(',').map(labelOf).join(', ') : labelOf(value);
  } else if (field && 'toggle' in field && field.toggle && (value === 0 || value === 1)) {
    text = term(value === 1 ? field.toggle.on : field.toggle.off);
  } else {
    text = typeof value === 'object' ? JSON.stringify(value) : String(value as string | number);
  }
  return text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text;
}
