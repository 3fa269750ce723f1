/**
 * The inputs of suggestions and numbers: Mantine's Autocomplete (a combobox with floating parts)
 * and NumberInput (react-number-format). Loaded with the first form that shows one
 * (field-registry.tsx). Fixed choices are the browser's own select (field-registry.tsx).
 */
import { Autocomplete, NumberInput } from '@mantine/core';
import type { NumberField as NumberDef, TextField } from '../../../../shared/entities';
import { common, fieldText as text, type FieldProps } from '../field-props';

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
