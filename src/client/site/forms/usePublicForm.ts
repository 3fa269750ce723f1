/**
 * The one piece behind every public form (the contact form, the subscribe box, the next one): it
 * works before, without and after JavaScript, and offline.
 * - Plain HTML first: the form posts to its own page (`?form=<name>`, method post, named fields,
 *   a hidden idempotency key), which the server answers without any script (form-posts.ts).
 * - Waking never destroys input: hydration leaves the fields' DOM values alone, and the island
 *   takes over what was typed before it woke (values, hence focus and caret stay). A submit is
 *   read from the form itself, so nothing typed can be missed.
 * - Awake, it sends with fetch and says how it went; offline, the form is kept on the device and
 *   the visitor is told so (outbox.ts).
 */
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  checkPublicForm,
  type FormOutcome,
  formValues,
  KEY_FIELD,
  PUBLIC_FORMS,
  type PublicFormErrors,
  type PublicFormName,
  type PublicFormValues,
  SAVED_PARAM,
} from '../../../shared/public-forms';
import { useDeliveredNotes } from './notes';
import { formAction, formElementId } from './outbox';
import { newIdempotencyKey, sendPublicForm } from './send';
import { useSiteText } from '../../ui/site-text';
import { useSiteLocale } from '../../ui/site-locale';
import { refusalText } from '../../../shared/messages/site';

/** What an island of a public form is given by the page (useFormProps). */
export interface PublicFormProps {
  /** The page the form is on, where its plain post goes. */
  page: string;
  /** How the server answered this page's plain post of a form, when it was drawn for one. */
  outcome?: FormOutcome;
}

export type FormStatus = 'idle' | 'sending' | 'sent' | 'saved' | 'failed';

const emptyValues = (form: PublicFormName): PublicFormValues => formValues(form, {});

/** The fields' values as they are in the DOM right now. */
function readForm(element: HTMLFormElement, form: PublicFormName): PublicFormValues {
  return formValues(form, Object.fromEntries(new FormData(element)));
}

export function usePublicForm(form: PublicFormName, { page, outcome }: PublicFormProps) {
  const t = useSiteText();
  const locale = useSiteLocale();
  const mine = outcome?.form === form ? outcome : undefined;
  const refused = mine?.status === 'refused' ? mine : undefined;
  const [values, setValues] = useState<PublicFormValues>(() => ({ ...emptyValues(form), ...refused?.values }));
  const [errors, setErrors] = useState<PublicFormErrors>(refused?.errors ?? {});
  const [status, setStatus] = useState<FormStatus>(mine?.status === 'sent' ? 'sent' : refused?.message ? 'failed' : 'idle');
  const [message, setMessage] = useState(refused?.message);
  // '' on the server (a kept page is everyone's): made for the first send, renewed with new words.
  const [key, setKey] = useState('');
  const element = useRef<HTMLFormElement>(null);

  useLayoutEffect(() => {
    const current = element.current;
    if (!current) return;
    const typed = readForm(current, form);
    if (Object.entries(typed).some(([field, value]) => value !== (values[field] ?? ''))) setValues(typed);
    const givenKey = current.elements.namedItem(KEY_FIELD);
    if (givenKey instanceof HTMLInputElement && givenKey.value) setKey(givenKey.value);
    // The service worker kept this page's plain post while offline and showed the page again.
    if (new URLSearchParams(window.location.search).get(SAVED_PARAM) === form) setStatus('saved');
    // Once, as the island wakes: what was there before it is taken over, later renders are React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A form kept on the device says so until it has gone; then it says what a sent one says.
  const waitingKey = useRef('');
  const delivered = useDeliveredNotes();
  useEffect(() => {
    const note = delivered.find((candidate) => candidate.id === waitingKey.current);
    if (!note) return;
    waitingKey.current = '';
    setStatus(note.ok ? 'sent' : 'failed');
    if (!note.ok) setMessage(t('form.refusedOffline'));
  }, [delivered, t]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'sending') return; // a second press while the first is on its way
    const input = readForm(event.currentTarget, form);
    setValues(input);
    const found = checkPublicForm(form, input);
    setErrors(found);
    setMessage(undefined);
    if (Object.keys(found).length > 0) {
      setStatus('idle');
      event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    const sendKey = key || newIdempotencyKey();
    setKey(sendKey);
    setStatus('sending');
    void sendPublicForm(form, input, sendKey, page, locale).then((result) => {
      if (result.kind === 'sent' || result.kind === 'saved') {
        waitingKey.current = result.kind === 'saved' ? sendKey : '';
        setValues(emptyValues(form));
        setKey('');
        setStatus(result.kind);
      } else if (result.kind === 'refused' && Object.keys(result.errors).some((field) => field in input)) {
        setErrors(result.errors);
        setStatus('idle');
      } else {
        setMessage(result.kind === 'offline' ? t('form.noConnection') : result.message);
        setStatus('failed');
      }
    });
  };

  const onChange = (field: string) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
    setKey(''); // new words are a new submission
    if (status !== 'sending') setStatus('idle');
  };

  const fieldOf = (field: string) => ({
    name: field,
    value: values[field] ?? '',
    error: errors[field] ? refusalText(t, errors[field]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => onChange(field)(event.currentTarget.value),
  });

  return {
    formProps: {
      ref: element,
      id: formElementId(form),
      action: formAction(page, form),
      method: 'post',
      onSubmit,
      noValidate: true,
    },
    keyField: { type: 'hidden', name: KEY_FIELD, value: key } as const,
    fieldOf,
    status,
    /** A refusal or failure not about one field. */
    message: status === 'failed' ? message : undefined,
    sent: { title: t(PUBLIC_FORMS[form].sent.title), text: t(PUBLIC_FORMS[form].sent.text) },
  };
}
