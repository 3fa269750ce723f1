/**
 * An entity's Trash: what was deleted in the last LIMITS.trashDays days, most recent first, with
 * Restore (the record comes back as it was, its children still attached) and Delete permanently.
 */
import { Alert, Button, Card, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatTime } from '../format-time';
import { LIMITS } from '../../../shared/limits';
import { type AdminEntity, recordKey } from '../admin-entities';
import { entityTrashQuery, type ListSearch, type Row } from '../api/entity-queries';
import { LoadError } from '../QueryState';
import { useEntityRights } from '../session/rights';
import { DeleteConfirmDialog } from './DeleteDialog';
import { ListFooter } from './ListFooter';
import type { ListSearchParams } from './list-search';
import { restoreAndTell, useDeleteConfirm } from './useDeleteConfirm';
import { type DataColumn, DataTable } from './DataTable';
import { useAdminText } from '../i18n';

interface Props {
  entity: AdminEntity;
  search: ListSearch;
  onChange: (next: ListSearchParams) => void;
}

export function TrashList({ entity, search, onChange }: Props) {
  const { t, term } = useAdminText();
  const { def } = entity;
  const queryClient = useQueryClient();
  const query = useQuery(entityTrashQuery(def, search));
  const rights = useEntityRights(entity);
  const eraseMachine = useDeleteConfirm(entity, { permanent: true });
  const [, sendErase] = eraseMachine;
  const restore = useMutation({
    mutationFn: (row: Row) => restoreAndTell(entity, queryClient, recordKey(entity, row), labelOf(row)),
  });
  const labelOf = (row: Row) => String(row[def.labelField] ?? '') || `#${String(row.id)}`;
  const page = query.data;
  const columns: DataColumn<Row>[] = [
    { key: 'label', label: term(def.fields[def.labelField]?.label ?? 'Name'), cell: labelOf },
    { key: 'deleted', label: term('Deleted'), cell: (row) => formatTime(String(row.deleted_at), 'YYYY-MM-DD HH:mm') },
    {
      key: 'actions',
      label: t('list.actions'),
      width: 260,
      className: 'row-actions',
      cell: (row) =>
        rights.canDelete(row) && (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              aria-label={t('trash.restoreLabel', { label: labelOf(row) })}
              loading={restore.isPending && restore.variables === row}
              onClick={() => restore.mutate(row)}
            >
              {t('common.restore')}
            </Button>
            <Button
              size="compact-sm"
              color="red"
              variant="subtle"
              aria-label={t('trash.deleteLabel', { label: labelOf(row) })}
              onClick={() => sendErase({ type: 'delete.request', id: recordKey(entity, row), label: labelOf(row) })}
            >
              {t('delete.permanently')}
            </Button>
          </Group>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{t('trash.title', { what: term(def.title) })}</Title>
        <Button component={Link} to={`/admin/${def.adminPath}`} variant="default">
          {t('form.back')}
        </Button>
      </Group>
      <Alert color="gray">{t('trash.note', { what: term(def.title), count: LIMITS.trashDays })}</Alert>
      <Card withBorder padding={0}>
        {query.isError ? (
          <LoadError
            label={t('trash.title', { what: term(def.title) })}
            error={query.error}
            onRetry={() => void query.refetch()}
            m="md"
          />
        ) : !page ? (
          <Center py="xl">
            <Loader aria-label={t('state.loading', { what: t('trash.title', { what: term(def.title) }) })} />
          </Center>
        ) : (
          <DataTable
            columns={columns}
            rows={page.data}
            rowKey={(row) => recordKey(entity, row)}
            empty={t('trash.empty')}
            minWidth={480}
          />
        )}
      </Card>
      {page && page.total > 0 && (
        <ListFooter
          currentPage={page.current_page}
          lastPage={page.last_page}
          size={search.size}
          total={page.total}
          pageSizes={def.pageSizes}
          onPage={(p) => onChange({ page: p, size: search.size })}
          onSize={(size) => onChange({ size })}
        />
      )}
      <DeleteConfirmDialog machine={eraseMachine} entity={entity} permanent />
    </Stack>
  );
}
