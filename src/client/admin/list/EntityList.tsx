import { Anchor, Button, Card, Center, Group, Loader, LoadingOverlay, Select, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { hasTrash, localizedFields } from '../../../shared/entities';
import { languageName } from '../../../shared/locales';
import { useSiteLocales } from '../session/site-locales';
import { type AdminEntity, recordKey } from '../admin-entities';
import { entityListQuery, type ListSearch, type Row } from '../api/entity-queries';
import { downloadCsv } from '../api/entity-writes';
import { notifyFailure } from '../api/notify';
import { renderCell } from './column-cells';
import { DeleteConfirmDialog } from './DeleteDialog';
import { ListFooter } from './ListFooter';
import type { ListSearchParams } from './list-search';
import { SearchBar } from './SearchBar';
import { useDeleteConfirm } from './useDeleteConfirm';
import { LoadError } from '../QueryState';
import { useEntityRights } from '../session/rights';
import { type DataColumn, DataTable } from './DataTable';
import { useAdminText } from '../i18n';

interface Props {
  entity: AdminEntity;
  search: ListSearch;
  /** Moves to other list state; Clear also asks for a fresh load. */
  onChange: (next: ListSearchParams, options?: { reload?: boolean }) => void;
  /** Shown under the heading (a note about the screen, e.g. that mail is off). */
  note?: ReactNode;
}

/** URL params for a list state; defaults are left out so addresses stay short. */
const urlParams = (s: ListSearch, defaultPageSize: number): ListSearchParams => ({
  page: s.page > 1 ? s.page : undefined,
  size: s.size !== defaultPageSize ? s.size : undefined,
  search: s.search || undefined,
  missing: s.missing,
});

/** The one list screen of every entity, driven by its definition's columns and page sizes. */
export function EntityList({ entity, search, onChange, note }: Props) {
  const { t, term } = useAdminText();
  const { def } = entity;
  const query = useQuery(entityListQuery(def, search));
  const rights = useEntityRights(entity);
  const deleteMachine = useDeleteConfirm(entity);
  const [, sendDelete] = deleteMachine;
  const page = query.data;

  const rowLabel = (row: Row) => String(row[def.labelField] ?? '');
  const params = (s: ListSearch) => urlParams(s, def.defaultPageSize);
  const locales = useSiteLocales();
  // On a site in several languages, a localized entity's rows say which they are written in.
  const translatable = locales.length > 1 && localizedFields(def).length > 0;
  const columns: DataColumn<Row>[] = [
    { key: 'sl', label: 'Sl.', width: 56, cell: (_row, index) => (page!.current_page - 1) * search.size + index + 1 },
    ...def.columns.map((c) => ({ key: c.label, label: term(c.label), cell: (row: Row) => renderCell(c, row, def) })),
    ...(translatable
      ? [
          {
            key: 'languages',
            label: t('list.languages'),
            cell: (row: Row) => {
              const written = new Set([locales[0], ...((row.translations as string[] | undefined) ?? [])]);
              return locales
                .filter((tag) => written.has(tag))
                .map(languageName)
                .join(' · ');
            },
          },
        ]
      : []),
    {
      key: 'actions',
      label: t('list.actions'),
      width: 150,
      className: 'row-actions',
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={`/admin/${def.adminPath}/form/${recordKey(entity, row)}`}
            size="sm"
            aria-label={t(rights.canEdit(row) ? 'list.editLabel' : 'list.viewLabel', { label: rowLabel(row) })}
          >
            {rights.canEdit(row) ? t('list.edit') : t('list.view')}
          </Anchor>
          {rights.canDelete(row) && (
            <Button
              size="compact-sm"
              color="red"
              variant="light"
              aria-label={t('list.deleteLabel', { label: rowLabel(row) })}
              onClick={() => sendDelete({ type: 'delete.request', id: recordKey(entity, row), label: rowLabel(row) })}
            >
              {t('list.delete')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  useEffect(() => {
    // After deleting the last row of the last page, step back to the page that still has rows.
    if (page && page.data.length === 0 && page.current_page > page.last_page) {
      onChange({ ...urlParams(search, def.defaultPageSize), page: page.last_page });
    }
  }, [page, search, onChange, def.defaultPageSize]);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{term(def.title)}</Title>
        <Group gap="xs">
          {def.exportable && (
            <Button
              variant="default"
              onClick={() => void downloadCsv(entity).catch((error: unknown) => notifyFailure(t('list.exportFailed'), error))}
            >
              {t('list.exportCsv')}
            </Button>
          )}
          {hasTrash(def) && rights.canDelete() && (
            <Button component={Link} to={`/admin/${def.adminPath}/trash`} variant="default">
              {t('list.trash')}
            </Button>
          )}
          {rights.canCreate && (
            <Button component={Link} to={`/admin/${def.adminPath}/form`}>
              {t('list.add')}
            </Button>
          )}
        </Group>
      </Group>
      {note}
      {translatable && (
        <Select
          label={t('list.show')}
          w={260}
          allowDeselect={false}
          value={search.missing ?? ''}
          data={[
            { value: '', label: t('list.showAll', { what: term(def.title).toLowerCase() }) },
            ...locales.slice(1).map((tag) => ({ value: tag, label: t('list.missing', { language: languageName(tag) }) })),
          ]}
          onChange={(tag) => onChange({ ...params(search), missing: tag || undefined, page: undefined })}
        />
      )}
      <SearchBar
        label={t('list.search', { what: term(def.title) })}
        value={search.search}
        onSearch={(text) => onChange({ ...params(search), search: text || undefined, page: undefined })}
        onClear={() => onChange({ ...params(search), search: undefined, page: undefined }, { reload: true })}
      />
      <Card withBorder padding={0} pos="relative">
        {query.isError ? (
          <LoadError label={term(def.title)} error={query.error} onRetry={() => void query.refetch()} m="md" />
        ) : !page ? (
          <Center py="xl">
            <Loader aria-label={t('list.loading', { what: term(def.title) })} />
          </Center>
        ) : (
          <>
            <LoadingOverlay visible={query.isFetching && query.isPlaceholderData} zIndex={2} />
            <DataTable
              columns={columns}
              rows={page.data}
              rowKey={(row) => recordKey(entity, row)}
              empty={t('list.empty')}
              minWidth={560}
            />
          </>
        )}
      </Card>
      {page && (
        <ListFooter
          currentPage={page.current_page}
          lastPage={page.last_page}
          size={search.size}
          total={page.total}
          pageSizes={def.pageSizes}
          onPage={(p) => onChange({ ...params(search), page: p })}
          onSize={(size) => onChange({ ...params(search), size, page: undefined })}
        />
      )}
      <DeleteConfirmDialog machine={deleteMachine} entity={entity} />
    </Stack>
  );
}
