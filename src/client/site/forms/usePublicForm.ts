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
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { runLean } from '../../../../machines/lean';
import {
  type PublicFormContext,
  type PublicFormEvent,
  publicFormChart,
  publicFormImplementations,
} from '../../../../machines/public-form-chart';
import {
  builtFormName,
  checkPublicForm,
  type FormName,
  type FormOutcome,
  formValues,
  KEY_FIELD,
  PUBLIC_FORMS,
  FILL_TIME_FIELD,
  type PublicFormErrors,
  type PublicFormName,
  type PublicFormValues,
  SAVED_PARAM,
} from '../../../shared/public-forms';
import { inspectLean } from '../../flows/inspect-lean';
import { useDeliveredNotes } from './notes';
import { formAction, formElementId, type KeptFile } from './outbox';
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

/**
 * A form staff built (shared/built-forms.ts): its id, its rules and what it says once sent. The
 * rules come with the form's own island (BuiltForm.tsx), so the contact form and the subscribe box
 * carry none of them.
 */
export interface BuiltFormSpec {
  id: number;
  /** Its answers in `input` (a name sent several times as a list). */
  values: (input: Record<string, unknown>) => PublicFormValues;
  check: (values: PublicFormValues) => PublicFormErrors;
  /** The files of a submit whose upload waits for the link: kept on the device with the answers. */
  keptFiles?: () => KeptFile[];
  sent?: { title: string; text: string };
}

/** Either kind of form the hook serves: one written in code, by name, or a built one. */
export type AnyForm = PublicFormName | BuiltFormSpec;

const nameOf = (form: AnyForm): FormName => (typeof form === 'string' ? form : builtFormName(form.id));

const emptyValues = (form: AnyForm): PublicFormValues => (typeof form === 'string' ? formValues(form, {}) : form.values({}));

/** The fields' values as they are in the DOM right now (a built form's several choices joined by newlines). */
function readForm(element: HTMLFormElement, form: AnyForm): PublicFormValues {
  const data = new FormData(element);
  if (typeof form === 'string') return formValues(form, Object.fromEntries(data));
  return form.values(Object.fromEntries([...new Set(data.keys())].map((name) => [name, data.getAll(name)])));
}

const checkForm = (form: AnyForm, values: PublicFormValues) =>
  typeof form === 'string' ? checkPublicForm(form, values) : form.check(values);

/** The chart's context as the server drew the form: fresh, or after its plain post. */
function drawnContext(form: AnyForm, outcome: FormOutcome | undefined): PublicFormContext {
  const refused = outcome?.status === 'refused' ? outcome : undefined;
  const blank = emptyValues(form);
  return {
    values: { ...blank, ...refused?.values },
    errors: refused?.errors ?? {},
    message: refused?.message ?? null,
    key: '',
    waitingKey: '',
    blank,
    posted: outcome?.status ?? null,
  };
}

/**
 * The form's life runs through its chart (machines/public-form-chart.ts), stepped without XState
 * on the page; the flow inspector follows it when switched on (inspectLean).
 */
export function usePublicForm(form: AnyForm, { page, outcome }: PublicFormProps) {
  const t = useSiteText();
  const locale = useSiteLocale();
  const element = useRef<HTMLFormElement>(null);
  const name = nameOf(form);
  // When the island woke: a built form sent sooner than a person could fill it is refused (built-forms.ts).
  const wokeAt = useRef(0);
  // What the effects read when they run: the latest render's.
  const now = useRef({ page, locale, t });
  now.current = { page, locale, t };
  const [{ run, input }] = useState(() => {
    const input = drawnContext(form, outcome?.form === name ? outcome : undefined);
    const run = runLean<PublicFormContext, PublicFormEvent>(
      publicFormChart,
      {
        ...publicFormImplementations,
        effects: {
          focusFirstError: (_, event) => {
            const errors = (event as Extract<PublicFormEvent, { type: 'form.submit' }>).errors;
            element.current?.querySelector<HTMLElement>(`[name="${Object.keys(errors)[0]}"]`)?.focus();
          },
          sendForm: ({ values, key }) => {
            const { page, locale, t } = now.current;
            const extra: Record<string, number> =
              typeof form === 'string' ? {} : { [FILL_TIME_FIELD]: Math.round(performance.now() - wokeAt.current) };
            const files = typeof form === 'string' ? [] : (form.keptFiles?.() ?? []);
            void sendPublicForm(name, values, key, page, locale, extra, files).then((result) => {
              if (result.kind === 'sent') run.send({ type: 'send.sent' });
              else if (result.kind === 'saved') run.send({ type: 'send.saved', key });
              else if (result.kind === 'refused')
                run.send({ type: 'send.refused', errors: result.errors, message: result.message });
              else
                run.send({ type: 'send.failed', message: result.kind === 'offline' ? t('form.noConnection') : result.message });
            });
          },
        },
      },
      input,
    );
    return { run, input };
  });
  const snapshot = useSyncExternalStore(run.subscribe, run.get, run.get);
  const { values, errors, message, waitingKey } = snapshot.context;
  const status = snapshot.value as FormStatus;

  // Before the wake below (layout effects run in order), so an inspector sees every step.
  useLayoutEffect(
    () => inspectLean(() => import('../../../../machines/public-form').then((module) => module.publicFormMachine), input, run),
    [input, run],
  );

  useLayoutEffect(() => {
    const current = element.current;
    if (!current) return;
    const givenKey = current.elements.namedItem(KEY_FIELD);
    wokeAt.current = performance.now();
    run.send({
      type: 'form.woke',
      typed: readForm(current, form),
      key: givenKey instanceof HTMLInputElement ? givenKey.value : '',
      // The service worker kept this page's plain post while offline and showed the page again.
      keptByWorker: new URLSearchParams(window.location.search).get(SAVED_PARAM) === name,
    });
    // Once, as the island wakes: what was there before it is taken over, later renders are React's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A form kept on the device says so until it has gone; then it says what a sent one says.
  const delivered = useDeliveredNotes();
  useEffect(() => {
    const note = waitingKey ? delivered.find((candidate) => candidate.id === waitingKey) : undefined;
    if (note) run.send({ type: 'note.delivered', ok: note.ok, message: t('form.refusedOffline') });
  }, [delivered, waitingKey, run, t]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = readForm(event.currentTarget, form);
    run.send({ type: 'form.submit', values: input, errors: checkForm(form, input), newKey: newIdempotencyKey() });
  };

  const fieldOf = (field: string) => ({
    name: field,
    value: values[field] ?? '',
    error: errors[field] ? refusalText(t, errors[field]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) =>
      run.send({ type: 'field.change', field, value: event.currentTarget.value }),
  });

  return {
    formProps: {
      ref: element,
      id: formElementId(name),
      action: formAction(page, name),
      method: 'post',
      onSubmit,
      noValidate: true,
    },
    keyField: { type: 'hidden', name: KEY_FIELD, value: snapshot.context.key } as const,
    fieldOf,
    status,
    /** A refusal or failure not about one field. */
    message: status === 'failed' ? (message ?? undefined) : undefined,
    sent:
      typeof form === 'string'
        ? { title: t(PUBLIC_FORMS[form].sent.title), text: t(PUBLIC_FORMS[form].sent.text) }
        : (form.sent ?? { title: t('builtForm.sent.title'), text: t('builtForm.sent.text') }),
  };
}
