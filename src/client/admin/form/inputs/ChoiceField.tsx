import { NativeSelect } from '@mantine/core';
import type { SelectField } from '../../../../shared/entities';
import { common, type FieldProps } from '../field-props';

/**
 * One of a field's fixed choices: the browser's own select (a phone shows its own picker, and it
 * needs no code of ours: Mantine's Select brought its combobox and floating-ui to every form with
 * a choice). A field that may be empty, or is empty yet, offers
 * "—" for no choice.
 */
export function ChoiceField(p: FieldProps<SelectField>) {
  const choices = p.field.choices;
  const empty = p.value === null || p.value === undefined || p.value === '';
  const none = !p.field.required || empty ? [{ value: '', label: '—', disabled: Boolean(p.field.required) }] : [];
  return (
    <NativeSelect
      {...common(p)}
      data={[...none, ...choices.map((c) => ({ value: String(c.value), label: c.label }))]}
      value={empty ? '' : String(p.value)}
      // Back to the choice's own value, so numeric choices (is_top 1/0) stay numbers.
      onChange={(event) => {
        const v = event.currentTarget.value;
        p.onChange(v === '' ? null : (choices.find((c) => String(c.value) === v)?.value ?? v));
      }}
    />
  );
}
