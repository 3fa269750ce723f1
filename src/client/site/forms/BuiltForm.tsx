/**
 * A form staff built (shared/built-forms.ts), as a `form` section draws it on a page: its fields
 * in order, each in the page's language (its Bangla words where it has them), through the same
 * hook as the contact form (usePublicForm): a plain form first, posted to its page before its
 * island wakes or without JavaScript, sent once, kept on the device offline, and refused with the
 * reason beside the field and every answer kept. A closed form says so and draws no fields.
 */
import { useId, useRef, useState } from 'react';
import {
  acceptedExtensions,
  CAREER_FIELD,
  checkEntry,
  checkFile,
  DEFAULT_MAX_MB,
  entryValues,
  type FormFieldDef,
  HONEYPOT_FIELD,
  inLanguage,
} from '../../../shared/built-forms';
import type { SiteMessageKey } from '../../../shared/messages/site-en';
import { useSiteText } from '../../ui/site-text';
import { useSiteLocale } from '../../ui/site-locale';
import { Alert, Button, Stack, Text, Textarea, TextInput, Title } from '../ui';
import ui from '../ui/ui.module.css';
import { FormStatus } from './FormStatus';
import { type PublicFormProps, usePublicForm } from './usePublicForm';

/** What the page hands the island: the form as visitors read it, and whether it is open. */
export interface BuiltFormProps extends PublicFormProps {
  form: {
    id: number;
    title: string;
    intro: string | null;
    fields: FormFieldDef[];
    sent_text: string | null;
  };
  /** Why it takes no entries now (its dates, read when the page was drawn), with the opening date. */
  closed?: { reason: 'not-yet' | 'ended'; opens?: string };
  /** The career it is an application for (its career page), sent with the answers and kept with them offline. */
  career?: number;
}

type Field = ReturnType<ReturnType<typeof usePublicForm>['fieldOf']>;

/** The mark of a question that must be answered (its input says so to assistive technology). */
const RequiredMark = () => (
  <span className={ui.required} aria-hidden="true">
    {' *'}
  </span>
);

/** A question's label in the page's language with its required mark: a legend for a group of choices. */
function QuestionLabel({
  field,
  locale,
  legend,
  htmlFor,
}: {
  field: FormFieldDef;
  locale: string | undefined;
  legend?: boolean;
  htmlFor?: string;
}) {
  const words = (
    <>
      {inLanguage(field, 'label', locale)}
      {field.required ? <RequiredMark /> : null}
    </>
  );
  return legend ? (
    <legend className={ui.label}>{words}</legend>
  ) : (
    <label className={ui.label} htmlFor={htmlFor}>
      {words}
    </label>
  );
}

/** A group of choices (radio buttons or check boxes) with its legend, hint and refusal. */
function ChoiceGroup({
  field,
  bound,
  locale,
  several,
}: {
  field: FormFieldDef;
  bound: Field;
  locale: string | undefined;
  several: boolean;
}) {
  const id = useId();
  const chosen = several ? bound.value.split('\n').filter(Boolean) : [bound.value];
  const hint = inLanguage(field, 'hint', locale);
  return (
    <fieldset
      className={ui.field}
      aria-describedby={bound.error ? `${id}-error` : undefined}
      style={{ border: 0, padding: 0, margin: 0 }}
    >
      <QuestionLabel field={field} locale={locale} legend />
      {hint ? <p className={ui.hint}>{hint}</p> : null}
      <Stack gap={4}>
        {(field.options ?? []).map((option) => (
          <label key={option.value} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
            <input
              type={several ? 'checkbox' : 'radio'}
              name={field.name}
              value={option.value}
              checked={chosen.includes(option.value)}
              aria-invalid={bound.error ? true : undefined}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                const next = several
                  ? on
                    ? [...chosen, option.value]
                    : chosen.filter((value) => value !== option.value)
                  : [option.value];
                bound.onChange({ currentTarget: { value: next.join('\n') } });
              }}
            />
            <span>{inLanguage(option, 'label', locale)}</span>
          </label>
        ))}
      </Stack>
      {bound.error ? (
        <p className={ui.error} id={`${id}-error`}>
          {bound.error}
        </p>
      ) : null}
    </fieldset>
  );
}

type FileState =
  | { kind: 'idle' }
  | { kind: 'sending' | 'waiting'; percent: number }
  | { kind: 'done' }
  | { kind: 'refused'; key: SiteMessageKey };

/** A chosen file not sent yet, and whether its upload waits for the link. */
interface Pending {
  file: File;
  stop: AbortController;
  waiting: boolean;
}

/** What the form knows of its file fields' uploads (BuiltForm): a moving one is waited for, a stalled one kept. */
type Uploads = Map<string, Pending>;

/**
 * A file question: the file input, and beside it a hidden input holding the answer, the id of the
 * upload that brought the file. Awake, a chosen file is checked (type, size) and sent at once
 * through the resumable path (file-upload.ts, loaded then), saying how far it got and carrying on
 * after a dropped link. Sent while the link is down, the form keeps the file on the device with
 * the answers and stops this upload (the outbox sends it). Without JavaScript the file goes in the
 * form's own (multipart) post; a page drawn again around a refusal holds the kept file's id, so it
 * is not asked for twice.
 */
function FileQuestion({
  field,
  bound,
  locale,
  formId,
  uploads,
}: {
  field: FormFieldDef;
  bound: Field;
  locale: string | undefined;
  formId: number;
  uploads: Uploads;
}) {
  const t = useSiteText();
  const id = useId();
  const [state, setState] = useState<FileState>({ kind: 'idle' });
  const accept = acceptedExtensions(field);
  const hint = inLanguage(field, 'hint', locale);
  const error = state.kind === 'refused' ? t(state.key) : bound.error;
  const choose = (event: { currentTarget: HTMLInputElement }) => {
    const file = event.currentTarget.files?.[0];
    bound.onChange({ currentTarget: { value: '' } });
    uploads.get(field.name)?.stop.abort();
    uploads.delete(field.name);
    if (!file) return setState({ kind: 'idle' });
    const problem = checkFile(field, file);
    if (problem) return setState({ kind: 'refused', key: problem });
    setState({ kind: 'sending', percent: 0 });
    const pending: Pending = { file, stop: new AbortController(), waiting: false };
    uploads.set(field.name, pending);
    void import('./file-upload')
      .then(({ sendFile, FileRefused }) =>
        sendFile(
          file,
          file.name,
          formId,
          field.name,
          {
            sent: (percent) => {
              pending.waiting = false;
              setState({ kind: 'sending', percent });
            },
            waiting: () => {
              pending.waiting = true;
              setState((now) => ({ kind: 'waiting', percent: 'percent' in now ? now.percent : 0 }));
            },
          },
          pending.stop.signal,
        ).then(
          (upload) => {
            bound.onChange({ currentTarget: { value: upload } });
            setState({ kind: 'done' });
          },
          (failure: unknown) => {
            // Stopped because the form was kept with the file: its note says so.
            if (pending.stop.signal.aborted) return setState({ kind: 'idle' });
            setState({ kind: 'refused', key: failure instanceof FileRefused ? 'builtForm.file.type' : 'builtForm.file.missing' });
          },
        ),
      )
      .finally(() => {
        if (uploads.get(field.name) === pending) uploads.delete(field.name);
      });
  };
  const progress =
    state.kind === 'sending'
      ? t('builtForm.file.progress', { percent: String(state.percent) })
      : state.kind === 'waiting'
        ? `${t('builtForm.file.progress', { percent: String(state.percent) })} ${t('builtForm.file.waiting')}`
        : state.kind === 'done' || (state.kind === 'idle' && bound.value)
          ? t('builtForm.file.done')
          : '';
  return (
    <div className={ui.field}>
      <QuestionLabel field={field} locale={locale} htmlFor={id} />
      {hint ? <p className={ui.hint}>{hint}</p> : null}
      <p className={ui.hint} id={`${id}-accepted`}>
        {t('builtForm.file.accepted', { accept: accept.join(', '), mb: String(field.max_mb ?? DEFAULT_MAX_MB) })}
      </p>
      <input
        id={id}
        type="file"
        name={field.name}
        accept={accept.join(',')}
        className={ui.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-accepted${error ? ` ${id}-error` : ''}`}
        onChange={choose}
      />
      <input type="hidden" name={field.name} value={bound.value} />
      <p className={ui.hint} role="status" aria-live="polite" data-file-progress={state.kind}>
        {progress}
      </p>
      {error ? (
        <p className={ui.error} id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One question, drawn for its kind. */
function Question({ field, bound, locale }: { field: FormFieldDef; bound: Field; locale: string | undefined }) {
  const t = useSiteText();
  const label = inLanguage(field, 'label', locale);
  const description = inLanguage(field, 'hint', locale) || undefined;
  const common = { label, description, required: field.required, name: bound.name, error: bound.error };
  const onChange = bound.onChange;
  switch (field.kind) {
    case 'textarea':
      return <Textarea {...common} rows={4} maxLength={field.max} value={bound.value} onChange={onChange} />;
    case 'choice':
      if (field.display === 'select') {
        const id = `${bound.name}-select`;
        return (
          <div className={ui.field}>
            <QuestionLabel field={field} locale={locale} htmlFor={id} />
            {description ? <p className={ui.hint}>{description}</p> : null}
            <select
              id={id}
              name={bound.name}
              className={ui.input}
              value={bound.value}
              aria-invalid={bound.error ? true : undefined}
              onChange={onChange}
            >
              <option value="">{t('builtForm.chooseOne')}</option>
              {(field.options ?? []).map((option) => (
                <option key={option.value} value={option.value}>
                  {inLanguage(option, 'label', locale)}
                </option>
              ))}
            </select>
            {bound.error ? <p className={ui.error}>{bound.error}</p> : null}
          </div>
        );
      }
      return <ChoiceGroup field={field} bound={bound} locale={locale} several={false} />;
    case 'choices':
      return <ChoiceGroup field={field} bound={bound} locale={locale} several />;
    case 'checkbox':
    case 'consent': {
      const words = field.kind === 'consent' ? inLanguage(field, 'text', locale) : label;
      return (
        <div className={ui.field}>
          <label style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <input
              type="checkbox"
              name={bound.name}
              value="yes"
              checked={bound.value === 'yes'}
              aria-invalid={bound.error ? true : undefined}
              onChange={(event) => onChange({ currentTarget: { value: event.currentTarget.checked ? 'yes' : '' } })}
            />
            <span>
              {words}
              {field.kind === 'consent' || field.required ? <RequiredMark /> : null}
            </span>
          </label>
          {description ? <p className={ui.hint}>{description}</p> : null}
          {bound.error ? <p className={ui.error}>{bound.error}</p> : null}
        </div>
      );
    }
    case 'file':
      // Drawn by the form itself (FileQuestion), which knows the form's id.
      return null;
    default: {
      const input = {
        email: { type: 'email', autoComplete: 'email' },
        phone: { type: 'tel', autoComplete: 'tel' },
        number: { type: 'text', inputMode: 'decimal' as const },
        date: { type: 'date' },
        text: { type: 'text' },
      }[field.kind];
      return (
        <TextInput
          {...common}
          {...input}
          maxLength={field.kind === 'text' ? field.max : undefined}
          value={bound.value}
          onChange={onChange}
        />
      );
    }
  }
}

export function BuiltForm({ form, closed, career, ...props }: BuiltFormProps) {
  const t = useSiteText();
  const locale = useSiteLocale();
  const headingId = `built-${form.id}-heading`;
  const sent = form.sent_text ? { title: t('builtForm.sent.title'), text: form.sent_text } : undefined;
  // The file fields whose upload is on its way: the form waits for one that moves; one waiting for
  // the link (or any, offline) is kept on the device with the answers and sent from there.
  const uploads = useRef<Uploads>(new Map());
  const stalled = (pending: Pending) => pending.waiting || !navigator.onLine;
  const hasFile = form.fields.some((field) => field.kind === 'file');
  const {
    formProps,
    keyField,
    fieldOf,
    status,
    message,
    sent: sentWords,
  } = usePublicForm(
    {
      id: form.id,
      values: (input) => ({ ...entryValues(form.fields, input), ...(career ? { [CAREER_FIELD]: String(career) } : {}) }),
      check: (values) => {
        const errors = checkEntry(form.fields, values);
        for (const [field, pending] of uploads.current) {
          if (stalled(pending)) delete errors[field];
          else errors[field] = 'builtForm.file.wait';
        }
        return errors;
      },
      keptFiles: () =>
        [...uploads.current]
          .filter(([, pending]) => stalled(pending))
          .map(([field, pending]) => {
            pending.stop.abort();
            uploads.current.delete(field);
            return { field, name: pending.file.name, blob: pending.file };
          }),
      sent,
    },
    props,
  );
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} id={headingId} c="blue.9" mb="sm">
        {form.title}
      </Title>
      {form.intro ? <Text mb="md">{form.intro}</Text> : null}
      {closed ? (
        <Alert color="blue" variant="light">
          {closed.reason === 'not-yet' && closed.opens
            ? t('builtForm.closed.notYet', { date: closed.opens })
            : t('builtForm.closed.ended')}
        </Alert>
      ) : (
        <form {...formProps} {...(hasFile ? { encType: 'multipart/form-data' } : {})} aria-labelledby={headingId}>
          <input {...keyField} />
          {career ? <input type="hidden" name={CAREER_FIELD} value={career} /> : null}
          {/* Out of sight and out of reach: only a robot fills it (built-forms.ts). */}
          <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <label>
              Website
              <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>
          <Stack gap="md">
            {form.fields.map((field) =>
              field.kind === 'file' ? (
                <FileQuestion
                  key={field.name}
                  field={field}
                  bound={fieldOf(field.name)}
                  locale={locale}
                  formId={form.id}
                  uploads={uploads.current}
                />
              ) : (
                <Question key={field.name} field={field} bound={fieldOf(field.name)} locale={locale} />
              ),
            )}
            <FormStatus
              status={status}
              sent={sentWords}
              message={message}
              failedTitle={t('builtForm.failed.title')}
              variant="light"
            />
            <div>
              <Button type="submit" size="md" loading={status === 'sending'}>
                {t('builtForm.submit')}
              </Button>
            </div>
          </Stack>
        </form>
      )}
    </section>
  );
}

/** The form as an island (FormSection): it needs nothing but its props. */
export const BuiltFormIsland = BuiltForm;
