/**
 * Field kind → Mantine input. Every input gets the same props; a new kind is one entry here and
 * one word in define.ts.
 */
import { Checkbox, Group, Input, PasswordInput, TextInput } from '@mantine/core';
import { Segments } from '../Segments';
import { type ReactNode, Suspense } from 'react';
import type { FieldDef, FieldKind, FieldOfKind } from '../../../shared/entities';
import { useAdminText } from '../i18n';
import { common, fieldText as text, type FieldProps } from './field-props';
import { lazyComponent } from '../../ui/lazy-component';
import { PlainTextarea } from './inputs/PlainTextarea';

export type { FieldProps } from './field-props';

// Inputs with code of their own load when a form first shows one: the rich-text editor (about 150 KB
// compressed), the date picker, fixed choices, suggestions and numbers (Mantine's combobox and its floating parts,
// react-number-format), records to choose from, pictures (the upload queue). The sign-in screen,
// and a form without such fields, never download them. Until one arrives its value is shown as text.
const HtmlField = lazyComponent(() => import('./inputs/HtmlField').then((m) => m.HtmlField));
const DateTimeField = lazyComponent(() => import('./inputs/DateTimeField').then((m) => m.DateTimeField));
const ChoiceField = lazyComponent(() => import('./inputs/ChoiceField').then((m) => m.ChoiceField));
const SuggestField = lazyComponent(() => import('./inputs/ChoiceInputs').then((m) => m.SuggestField));
const NumberField = lazyComponent(() => import('./inputs/ChoiceInputs').then((m) => m.NumberField));
const RelationField = lazyComponent(() => import('./inputs/RelationField').then((m) => m.RelationField));
const ImageField = lazyComponent(() => import('./inputs/ImageField').then((m) => m.ImageField));
const FormFieldsEditor = lazyComponent(() => import('./inputs/FormFieldsEditor').then((m) => m.FormFieldsEditor));

/** `children` once their code is here; until then `fallback`, by default the value shown as text. */
function Loaded({ props, fallback, children }: { props: FieldProps; fallback?: ReactNode; children: ReactNode }) {
  return (
    <Suspense fallback={fallback ?? <TextInput {...common(props)} readOnly value={text(props.value)} />}>{children}</Suspense>
  );
}

const FIELDS: { [K in FieldKind]: (props: FieldProps<FieldOfKind<K>>) => ReactNode } = {
  text: (p) =>
    p.field.choices ? (
      <Loaded props={p}>
        <SuggestField {...p} />
      </Loaded>
    ) : (
      <TextInput {...common(p)} value={text(p.value)} onChange={(e) => p.onChange(e.currentTarget.value)} />
    ),
  textarea: (p) =>
    p.field.editor === 'form-fields' ? (
      <Loaded props={p}>
        <FormFieldsEditor {...p} />
      </Loaded>
    ) : (
      <PlainTextarea {...common(p)} rows={p.field.rows ?? 3} value={text(p.value)} onChange={p.onChange} />
    ),
  html: (p) => (
    // Until the editor arrives the HTML is shown, and can be edited, as it is stored: nothing typed meanwhile is lost.
    <Loaded props={p} fallback={<PlainTextarea {...common(p)} rows={6} value={text(p.value)} onChange={p.onChange} />}>
      <HtmlField {...p} />
    </Loaded>
  ),
  email: (p) => (
    <TextInput
      {...common(p)}
      type="email"
      autoComplete={p.field.autoComplete ?? 'off'}
      value={text(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  ),
  url: (p) => <TextInput {...common(p)} type="url" value={text(p.value)} onChange={(e) => p.onChange(e.currentTarget.value)} />,
  digits: (p) => (
    <TextInput
      {...common(p)}
      inputMode="numeric"
      pattern="\+?[0-9]*"
      value={text(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  ),
  number: (p) =>
    p.field.toggle ? (
      <Input.Wrapper {...common(p)}>
        <div>
          <Segments
            size="sm"
            name={p.name}
            disabled={p.disabled}
            label={p.field.label}
            data={[
              { value: '1', label: p.field.toggle.on },
              { value: '0', label: p.field.toggle.off },
            ]}
            value={String(p.value === 0 || p.value === '0' ? 0 : 1)}
            onChange={(v) => p.onChange(Number(v))}
          />
        </div>
      </Input.Wrapper>
    ) : (
      <Loaded props={p}>
        <NumberField {...p} />
      </Loaded>
    ),
  date: (p) => <TextInput {...common(p)} type="date" value={text(p.value)} onChange={(e) => p.onChange(e.currentTarget.value)} />,
  datetime: (p) => (
    <Loaded props={p}>
      <DateTimeField {...p} />
    </Loaded>
  ),
  select: (p) => {
    const choices = p.field.choices;
    if (p.field.multiple) {
      return (
        <Checkbox.Group {...common(p)} value={Array.isArray(p.value) ? (p.value as string[]) : []} onChange={p.onChange}>
          <Group gap="md" mt={6}>
            {choices.map((c) => (
              <Checkbox key={String(c.value)} value={String(c.value)} label={c.label} disabled={p.disabled} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    }
    return (
      <Loaded props={p}>
        <ChoiceField {...p} />
      </Loaded>
    );
  },
  relation: (p) => (
    <Loaded props={p}>
      <RelationField {...p} />
    </Loaded>
  ),
  image: (p) => (
    <Loaded props={p}>
      <ImageField {...p} />
    </Loaded>
  ),
  password: (p) => (
    <PasswordInput
      {...common(p)}
      autoComplete={p.field.autoComplete ?? 'new-password'}
      value={text(p.value)}
      onChange={(e) => p.onChange(e.currentTarget.value)}
    />
  ),
};

/** Kinds that read better across the whole form width. */
export const WIDE_KINDS: ReadonlySet<FieldKind> = new Set(['textarea', 'html', 'image']);

/**
 * The fields of a form that is not an entity's (signing in, a new password, the security
 * settings), each drawn from its definition by the same registry; `values` and `errors` by name.
 */
export function FormFields<N extends string>({
  fields,
  values,
  errors,
  disabled = false,
  focus,
  browserChecks = false,
  onChange,
}: {
  fields: Readonly<Record<N, FieldDef>>;
  values: Readonly<Record<N, unknown>>;
  errors: Readonly<Partial<Record<string, string>>>;
  disabled?: boolean;
  /** The field focused when the form is shown. */
  focus?: NoInfer<N>;
  /** The browser checks the required fields (FieldProps.browserChecks). */
  browserChecks?: boolean;
  onChange: (name: NoInfer<N>, value: unknown) => void;
}) {
  return (Object.entries(fields) as [N, FieldDef][]).map(([name, field]) => (
    <FieldInput
      key={name}
      name={name}
      field={field}
      value={values[name]}
      error={errors[name]}
      disabled={disabled}
      autoFocus={focus === name}
      browserChecks={browserChecks}
      onChange={(value) => onChange(name, value)}
      // No record: these forms edit none, and their fields name none.
      resource=""
      recordId={undefined}
    />
  ));
}

/** A field's words (label, hint, choices) and its refusal in the user's language (admin/i18n). */
function useFieldInLanguage(props: FieldProps): FieldProps {
  const { term, message } = useAdminText();
  const field = props.field as FieldDef & {
    choices?: readonly { value: unknown; label: string }[];
    toggle?: { on: string; off: string };
    pickerLabel?: string;
  };
  return {
    ...props,
    error: props.error && message(props.error),
    field: {
      ...field,
      label: term(field.label),
      hint: field.hint && term(field.hint),
      ...(field.choices ? { choices: field.choices.map((choice) => ({ ...choice, label: term(choice.label) })) } : {}),
      ...(field.toggle ? { toggle: { on: term(field.toggle.on), off: term(field.toggle.off) } } : {}),
      ...(field.pickerLabel ? { pickerLabel: term(field.pickerLabel) } : {}),
    } as FieldDef,
  };
}

export function FieldInput(given: FieldProps) {
  // An existing record's form says what leaving the field alone does there (a password stays).
  const editing = given.recordId !== undefined && given.field.editHint !== undefined;
  const props = useFieldInLanguage(editing ? { ...given, field: { ...given.field, hint: given.field.editHint } } : given);
  // A field given at creation is shown, not offered, once the record exists.
  const locked = props.field.fixed === true && props.recordId !== undefined;
  const shown = locked
    ? { ...props, disabled: true, field: { ...props.field, hint: `${props.field.label} is set when created and cannot change.` } }
    : props;
  // The registry is keyed by kind, so the entry for this field's kind takes this field's definition.
  return <>{FIELDS[shown.field.kind](shown as never)}</>;
}
