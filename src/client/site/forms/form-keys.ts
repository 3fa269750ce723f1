/**
 * Gives each public form on the page an idempotency key of its own as soon as any script runs, so
 * a plain post made before its island woke (a double press, a resent post) is stored once under
 * that key. A kept page is everyone's, so the server sends the field empty; a post without a key
 * is keyed by what it says (src/server/content/visitor-forms.ts).
 */
import { KEY_FIELD } from '../../../shared/public-forms';
import { newIdempotencyKey } from './send';

export function fillFormKeys(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement>(`form input[type="hidden"][name="${KEY_FIELD}"]`)) {
    if (!field.value) field.value = newIdempotencyKey();
  }
}
