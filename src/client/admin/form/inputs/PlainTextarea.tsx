/**
 * A text area as Mantine's Textarea draws one, from the InputBase every text input already brings.
 * Textarea itself imports its autosize code, which the sign-in screen and the forms would download
 * for one field. `grows`: the area fits what it holds, up to that many lines, where the browser sizes
 * fields to their content (CSS `field-sizing`); elsewhere it shows one line and can be resized.
 */
import { InputBase, type InputBaseProps } from '@mantine/core';
import type { ChangeEvent, CSSProperties } from 'react';

type Props = Omit<InputBaseProps, 'onChange'> & {
  name?: string;
  rows?: number;
  grows?: number;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  style?: CSSProperties;
};

export function PlainTextarea({ rows, grows, value, onChange, ...props }: Props) {
  return (
    <InputBase
      component="textarea"
      multiline
      {...props}
      rows={grows ? 1 : rows}
      // Mantine's own padding, as its Textarea sets it.
      styles={grows ? { input: { fieldSizing: 'content', maxHeight: `calc(${grows}lh + 1rem)` } as CSSProperties } : undefined}
      value={value}
      onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange(e.currentTarget.value)}
    />
  );
}
