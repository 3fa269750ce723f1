import { Button, CloseButton, Group, Input, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useAdminText } from '../i18n';

interface Props {
  label: string;
  accept: string;
  /** The file chosen (here, dropped or pasted), shown by name beside the button. */
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
}

/**
 * A file field that looks like one: a "Choose file" button with the chosen name beside it. The
 * button is the browser's own `<input type="file">`, laid transparent over the button's face, so
 * a click, the keyboard (Tab, then Space or Enter) and the field's label all reach the real input,
 * and a screen reader announces a file field. (Mantine's FileInput drew an empty text box and kept
 * the real input out of reach.)
 */
export function FilePicker({ label, accept, file, onChange, disabled }: Props) {
  const { t } = useAdminText();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Cleared, uploaded or replaced by a drop: the same file may be chosen again.
    if (input.current && input.current.files?.[0] !== file) input.current.value = '';
  }, [file]);
  return (
    <div className="admin-file-picker">
      <Input.Label htmlFor={id} display="block" ta="start">
        {label}
      </Input.Label>
      <Group gap="xs" wrap="nowrap">
        <Button component="span" variant="default" pos="relative" disabled={disabled} className="admin-file-picker-button">
          <input
            ref={input}
            id={id}
            type="file"
            accept={accept}
            disabled={disabled}
            aria-describedby={`${id}-name`}
            onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
          />
          {t('upload.choose')}
        </Button>
        <Text id={`${id}-name`} size="sm" c={file ? undefined : 'dimmed'} truncate maw={220} title={file?.name}>
          {file?.name ?? t('upload.noneChosen')}
        </Text>
        {file && !disabled && <CloseButton size="sm" aria-label={t('upload.clear')} onClick={() => onChange(null)} />}
      </Group>
    </div>
  );
}
