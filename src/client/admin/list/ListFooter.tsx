import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useAdminText } from '../i18n';
import { showingRange } from './showing-range';

interface Props {
  currentPage: number;
  lastPage: number;
  size: number;
  total: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}

export function ListFooter({ currentPage, lastPage, size, total, pageSizes, onPage, onSize }: Props) {
  const { t } = useAdminText();
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm">
        {/* The spec's wording, with the figures a reader expects: first row, last row, total. */}
        <Text size="sm" aria-live="polite">
          {t('list.showing', { ...showingRange(currentPage, size, total), total })}
        </Text>
        <NativeSelect
          aria-label={t('list.rowsPerPage')}
          size="xs"
          value={String(size)}
          data={pageSizes.map(String)}
          onChange={(e) => onSize(Number(e.currentTarget.value))}
        />
      </Group>
      <Pagination
        total={lastPage}
        value={currentPage}
        onChange={onPage}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(page) => ({
          'aria-label': `Page ${page}`,
          'aria-current': page === currentPage ? 'page' : undefined,
        })}
      />
    </Group>
  );
}
