/**
 * Form fields: a label tied to its field, an asterisk for a required one, and the reason a value
 * was refused below it. The field says it is invalid (aria-invalid) and is described by the
 * reason and its hint (aria-describedby), as Mantine's inputs did: the server renders all of it,
 * so a form reads the same before its script wakes and without one.
 */
import { type CSSProperties, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import ui from './ui.module.css';

interface FieldProps {
  label: string;
  /** Why the value was refused: shown below the field, which it describes. */
  error?: string;
  /** A hint below the label, which describes the field too. */
  description?: string;
  required?: boolean;
  /** On a dark band (the footer): light label, lighter error. */
  onDark?: boolean;
}

/** The wrapper every field shares: label, hint, the field `control` draws with its ids, the error. */
function Field({
  label,
  error,
  description,
  required,
  onDark,
  control,
}: FieldProps & { control: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const hintId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={ui.field} data-on-dark={onDark || undefined}>
      <label className={ui.label} htmlFor={id} id={`${id}-label`}>
        {label}
        {required ? (
          <span className={ui.required} aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </label>
      {description ? (
        <p className={ui.hint} id={hintId}>
          {description}
        </p>
      ) : null}
      {control({ id, describedBy })}
      {error ? (
        <p className={ui.error} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps<E> = FieldProps & Omit<E, 'id' | 'aria-invalid' | 'aria-describedby'>;

/** A one-line field. */
export function TextInput({
  label,
  error,
  description,
  required,
  onDark,
  ...input
}: InputProps<InputHTMLAttributes<HTMLInputElement>>) {
  return (
    <Field
      {...{ label, error, description, required, onDark }}
      control={({ id, describedBy }) => (
        <input
          {...input}
          id={id}
          className={ui.input}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}

/** A message box, `rows` lines high at least, growing with what is typed. */
export function Textarea({
  label,
  error,
  description,
  required,
  onDark,
  rows,
  ...input
}: InputProps<TextareaHTMLAttributes<HTMLTextAreaElement>> & { rows: number }) {
  return (
    <Field
      {...{ label, error, description, required, onDark }}
      control={({ id, describedBy }) => (
        <textarea
          {...input}
          id={id}
          rows={rows}
          className={ui.input}
          style={{ '--rows': rows } as CSSProperties}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      )}
    />
  );
}
