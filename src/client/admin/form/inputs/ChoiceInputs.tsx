/**
 * The inputs of choices and numbers: Mantine's Select and Autocomplete (a combobox with floating
 * parts) and NumberInput (react-number-format). Loaded with the first form that shows one
 * (field-registry.tsx).
 */
import { Autocomplete, NumberInput, Select } from '@mantine/core';
import type { NumberField as NumberDef, SelectField, TextField } from '../../../../shared/entities';
import { common, fieldText as text, type FieldProps } from '../field-props';

/** One of a field's choices. */
export function ChoiceField(p: FieldProps<SelectField>) {
  const choices = p.field.choices;
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
}

/** Free text with suggestions (a text field with choices). */
export function SuggestField(p: FieldProps<TextField>) {
  return (
    <Autocomplete
      {...common(p)}
      data={(p.field.choices ?? []).map((c) => String(c.value))}
      value={text(p.value)}
      onChange={p.onChange}
    />
  );
}

/** A whole number within the field's bounds. */
export function NumberField(p: FieldProps<NumberDef>) {
  return (
    <NumberInput
      {...common(p)}
      min={p.field.min}
      max={p.field.max}
      allowDecimal={false}
      value={typeof p.value === 'number' ? p.value : text(p.value)}
      onChange={p.onChange}
    />
  );
}
