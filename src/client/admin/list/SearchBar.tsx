import { Button, Group, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useAdminText } from '../i18n';

interface Props {
  label: string;
  value: string;
  onSearch: (text: string) => void;
  onClear: () => void;
}

/** Search and Clear are navigations (the URL owns the search); typing alone changes nothing. */
export function SearchBar({ label, value, onSearch, onClear }: Props) {
  const { t } = useAdminText();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label={label}
          placeholder={t('list.searchPlaceholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          style={{ flex: 1, maxWidth: 360 }}
        />
        <Button type="submit">{t('list.searchButton')}</Button>
        <Button
          type="button"
          variant="default"
          onClick={() => {
            setText('');
            onClear();
          }}
        >
          {t('list.clear')}
        </Button>
      </Group>
    </form>
  );
}
