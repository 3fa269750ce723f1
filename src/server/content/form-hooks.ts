/**
 * A built form's definition (entities/forms.ts) is saved only whole and readable: its fields
 * list is checked by the rules the site applies to it (shared/built-forms.ts) and stored in one
 * spelling; its notify addresses are real addresses; it cannot close before it opens. A refusal
 * is a 400 naming each field, and nothing is stored.
 */
import { checkDefinition } from '../../shared/built-forms';
import { EMAIL_PATTERN } from '../../shared/public-forms';
import { badRequest } from '../errors';
import type { EntityHooks } from './entity-service';

/** The notify addresses as stored: trimmed, lower-cased, separated by `, `. */
export function notifyAddresses(text: unknown): string[] {
  return typeof text === 'string'
    ? text
        .split(/[,;\s]+/)
        .map((address) => address.trim().toLowerCase())
        .filter(Boolean)
    : [];
}

export const formHooks: EntityHooks = {
  beforeWrite(values, { existing }) {
    const problems: Record<string, string> = {};
    const out = { ...values };
    if (values.fields !== undefined) {
      let parsed: unknown = values.fields;
      if (typeof parsed === 'string') {
        try {
          parsed = JSON.parse(parsed || '[]');
        } catch {
          problems.fields = 'fields must be a JSON list of fields';
        }
      }
      if (!problems.fields) {
        Object.assign(problems, checkDefinition(parsed));
        out.fields = JSON.stringify(parsed);
      }
    }
    if (values.notify_emails !== undefined) {
      const addresses = notifyAddresses(values.notify_emails);
      const wrong = addresses.find((address) => !EMAIL_PATTERN.test(address) || address.length > 255);
      if (wrong) problems.notify_emails = `"${wrong}" is not an email address`;
      out.notify_emails = addresses.length ? addresses.join(', ') : null;
    }
    const from = (values.open_from === undefined ? existing?.open_from : values.open_from) as string | null | undefined;
    const to = (values.open_to === undefined ? existing?.open_to : values.open_to) as string | null | undefined;
    // Stored times are one spelling ('YYYY-MM-DD HH:mm:ss', UTC), so they compare as text.
    if (from && to && to < from) problems.open_to = 'Open until must be later than Open from';
    const keys = Object.keys(problems);
    if (keys.length) throw badRequest(`${keys[0]}: ${problems[keys[0]!]}`, problems);
    return out;
  },
};
