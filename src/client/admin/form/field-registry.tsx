/**
 * Field kind → Mantine input. Every input gets the same props; a new kind is one entry here and
 * one word in define.ts.
 */
import { localToUtc, utcToLocal } from '../../../shared/date-time';
import {
  Autocomplete,
  Checkbox,
  Group,
  Input,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Select,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import type { FieldDef, FieldKind, FieldOfKind } from '../../../shared/entities';
import { HtmlField } from './inputs/HtmlField';
import { ImageField } from './inputs/ImageField';
import { RelationField } from './inputs/RelationField';
import { useAdminText } from '../i18n';

export interface FieldProps<D extends FieldDef = FieldDef> {
  name: string;
  field: D;
  value: unknown;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: unknown) => void;
  /** The resource and key of the record being edited (a record may not be its own parent). */
  resource: string;
  recordId: string | undefined;
  /** Focused when shown (the next step of a form: the sign-in code). */
  autoFocus?: boolean;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function common({ name, field, error, disabled, autoFocus }: FieldProps) {
  return {
    name,
    label: field.label,
    description: field.hint,
    error,
    disabled,
    withAsterisk: field.required,
    autoComplete: field.autoComplete,
    autoFocus,
  };
}

const FIELDS: { [K in FieldKind]: (props: FieldProps<FieldOfKind<K>>) => ReactNode } = {
  text: (p) =>
    p.field.choices ? (
      <Autocomplete
        {...common(p)}
        data={p.field.choices.map((c) => String(c.value))}
        value={text(p.value)}
        onChange={p.onChange}
      />
    ) : (
      <TextInput {...common(p)} value={text(p.value)} onChange={(e) => p.onChange(e.currentTarget.value)} />
    ),
  textarea: (p) => (
    <Textarea {...common(p)} rows={p.field.rows ?? 3} value={text(p.value)} onChange={(e) => p.onChange(e.currentTarget.value)} />
  ),
  html: (p) => <HtmlField {...p} />,
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
          <SegmentedControl
            mt={4}
            disabled={p.disabled}
            aria-label={p.field.label}
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
      <NumberInput
        {...common(p)}
        min={p.field.min}
        max={p.field.max}
        allowDecimal={false}
        value={typeof p.value === 'number' ? p.value : text(p.value)}
        onChange={p.onChange}
      />
    ),
  date: (p) => <TextInput {...common(p)} type="date" value={text(p.value)} onChange={(e) => p.onChange(e.currentTarget.value)} />,
  datetime: (p) => (
    <DateTimePicker
      {...common(p)}
      withSeconds
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${p.field.label}` }}
      valueFormat="YYYY-MM-DD HH:mm:ss"
      placeholder="Pick date and time"
      // Stored in UTC, picked and shown in the browser's time zone.
      description={[p.field.hint, `Your time zone: ${Intl.DateTimeFormat().resolvedOptions().timeZone}`]
        .filter(Boolean)
        .join(' · ')}
      value={text(p.value) ? utcToLocal(text(p.value)) : null}
      onChange={(value) => p.onChange(value ? localToUtc(value) : '')}
    />
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
      <Select
        {...common(p)}
        clearable={!p.field.required}
        data={choices.map((c) => ({ value: String(c.value), label: c.label }))}
        value={p.value === null || p.value === undefined ? null : String(p.value)}
        // Back to the choice's own value, so numeric choices (is_top 1/0) stay numbers.
        onChange={(v) => p.onChange(v === null ? null : (choices.find((c) => String(c.value) === v)?.value ?? v))}
      />
    );
  },
  relation: (p) => <RelationField {...p} />,
  image: (p) => <ImageField {...p} />,
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
  onChange,
}: {
  fields: Readonly<Record<N, FieldDef>>;
  values: Readonly<Record<N, unknown>>;
  errors: Readonly<Partial<Record<string, string>>>;
  disabled?: boolean;
  /** The field focused when the form is shown. */
  focus?: NoInfer<N>;
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
  const props = useFieldInLanguage(given);
  // A field given at creation is shown, not offered, once the record exists.
  const locked = props.field.fixed === true && props.recordId !== undefined;
  const shown = locked
    ? { ...props, disabled: true, field: { ...props.field, hint: `${props.field.label} is set when created and cannot change.` } }
    : props;
  // The registry is keyed by kind, so the entry for this field's kind takes this field's definition.
  return <>{FIELDS[shown.field.kind](shown as never)}</>;
}
