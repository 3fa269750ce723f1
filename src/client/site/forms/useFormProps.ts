/**
 * The props a public form's island gets from the page it is on: the page's address (its plain
 * post goes there) and, when the server drew the page for one of its posts, how it was answered
 * (`?sent=` in the address after a store; a refusal in the router's context, server only).
 */
import { useRouter, useRouterState } from '@tanstack/react-router';
import { type FormName, outcomeFromSearch } from '../../../shared/public-forms';
import type { PublicFormProps } from './usePublicForm';
import { useLocalHref, useUnknownAddress } from '../locale';
import { CAREER_PARAM } from '../../../shared/career-search';

export function useFormProps(form: FormName): PublicFormProps {
  const { formOutcome } = useRouter().options.context;
  const { pathname, searchStr } = useRouterState({ select: (state) => state.location });
  const search = new URLSearchParams(searchStr);
  // The page's own address, in its language (`/bn/contact`: the router's paths are under the prefix),
  // with what decides what it draws: a listing's page, the career opening shown (career-search.ts).
  // An unknown address's page is the same for every one (the server keeps one): its forms post from
  // the language's home page, and no outcome in its address is shown.
  const unknown = useUnknownAddress();
  const here = useLocalHref()(unknown ? '/' : pathname);
  if (unknown) return formOutcome?.form === form ? { page: here, outcome: formOutcome } : { page: here };
  const kept = new URLSearchParams();
  for (const name of ['page', CAREER_PARAM]) {
    const value = search.get(name);
    if (value) kept.set(name, value);
  }
  const page = kept.size > 0 ? `${here}?${kept.toString()}` : here;
  const outcome = formOutcome?.form === form ? formOutcome : outcomeFromSearch(searchStr);
  return outcome?.form === form ? { page, outcome } : { page };
}
