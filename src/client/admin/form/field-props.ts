/** What every field input is given (field-registry.tsx), and the props all Mantine inputs share. */
import type { FieldDef } from '../../../shared/entities';

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
  /**
   * The browser checks the field is filled (`required`): for a form shown before its code has
   * arrived, whose empty press the browser's own check answers (the sign-in screen).
   */
  browserChecks?: boolean;
}

/** The label, hint, refusal and state every input shows the same way. */
export function common({ name, field, error, disabled, autoFocus, browserChecks }: FieldProps) {
  return {
    required: browserChecks && field.required === true,
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

/** A field's value as an input shows it: nothing as ''. */
export const fieldText = (value: unknown) => (value === null || value === undefined ? '' : String(value));
