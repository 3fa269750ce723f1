/**
 * The props a public form's island gets from the page it is on: the page's address (its plain
 * post goes there) and, when the server drew the page for one of its posts, how it was answered
 * (`?sent=` in the address after a store; a refusal in the router's context, server only).
 */
import { useRouter, useRouterState } from '@tanstack/react-router';
import { outcomeFromSearch, type PublicFormName } from '../../../shared/public-forms';
import type { PublicFormProps } from './usePublicForm';
import { useLocalHref } from '../locale';

export function useFormProps(form: PublicFormName): PublicFormProps {
  const { formOutcome } = useRouter().options.context;
  const { pathname, searchStr } = useRouterState({ select: (state) => state.location });
  const listing = new URLSearchParams(searchStr).get('page');
  // The page's own address, in its language (`/bn/contact`: the router's paths are under the prefix).
  const here = useLocalHref()(pathname);
  const page = listing ? `${here}?page=${encodeURIComponent(listing)}` : here;
  const outcome = formOutcome?.form === form ? formOutcome : outcomeFromSearch(searchStr);
  return outcome?.form === form ? { page, outcome } : { page };
}
