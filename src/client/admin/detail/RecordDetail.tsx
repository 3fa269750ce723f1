import { Button, Card, Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { formatTime } from '../format-time';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import type { AdminEntity } from '../admin-entities';
import { entityRecordQuery } from '../api/entity-queries';
import { DeleteConfirmDialog } from '../list/DeleteDialog';
import { useDeleteConfirm } from '../list/useDeleteConfirm';
import { QueryState } from '../QueryState';
import { ScreenHeader } from '../ScreenHeader';
import { useEntityRights } from '../session/rights';
import { MarkUnreadButton, useReadOnOpen } from '../messages/message-read';
import { useAdminText } from '../i18n';

// A form entry's files: only an entry's screen downloads the list.
const EntryFiles = lazy(() => import('../form-entries/EntryFiles'));

/**
 * A record shown, not edited: contact messages (read-only for everyone) and any record the user's
 * role may read but not change. Every shown field as text, with Delete where allowed, and Back.
 */
export function RecordDetail({ entity, recordKey }: { entity: AdminEntity; recordKey: string }) {
  const { t, term } = useAdminText();
  const { def } = entity;
  const rights = useEntityRights(entity);
  const navigate = useNavigate();
  const record = useQuery(entityRecordQuery(def, recordKey));
  const deleteMachine = useDeleteConfirm(entity);
  const [deleteState, sendDelete] = deleteMachine;
  const wasDeleting = useRef(false);
  // An inbox's record (a contact message) is marked read when opened, and can be marked unread again.
  // So is a form entry (admin.marksRead).
  const inInbox = Boolean(def.admin?.inbox || def.admin?.marksRead);
  const marked = def.resource === 'form-entries' ? 'form-entries' : 'messages';
  useReadOnOpen(recordKey, record.data, inInbox, marked);
  const backToList = useCallback(
    () => void navigate({ to: '/admin/$entity', params: { entity: def.adminPath } }),
    [navigate, def.adminPath],
  );

  useEffect(() => {
    // Once the record is gone there is nothing to show here: back to the list.
    if (wasDeleting.current && deleteState.matches('idle')) backToList();
    wasDeleting.current = deleteState.matches('deleting');
  }, [deleteState, backToList]);

  return (
    <Stack gap="md">
      <ScreenHeader title={term(def.formTitle)} listPath={def.adminPath} />
      <QueryState query={record} label={term(def.formTitle)}>
        {(row) => (
          <Card withBorder padding="lg">
            <Table>
              <Table.Tbody>
                {Object.entries(def.fields)
                  .filter(([, field]) => !field.writeOnly && !field.hidden && !field.virtual)
                  .map(([name, field]) => (
                    <Table.Tr key={name}>
                      <Table.Th scope="row" w={160} style={{ verticalAlign: 'top' }}>
                        {term(field.label)}
                      </Table.Th>
                      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{String(row[name] ?? '') || '--'}</Table.Td>
                    </Table.Tr>
                  ))}
                <Table.Tr>
                  <Table.Th scope="row">{term('Received')}</Table.Th>
                  <Table.Td>{row.created_at ? formatTime(String(row.created_at), 'YYYY-MM-DD HH:mm') : '--'}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {def.resource === 'form-entries' && (
              <Suspense>
                <EntryFiles entryId={recordKey} />
              </Suspense>
            )}
            {(rights.canDelete(row) || inInbox) && (
              <Group mt="md">
                {inInbox && <MarkUnreadButton recordKey={recordKey} onDone={backToList} resource={marked} />}
                {rights.canDelete(row) && (
                  <Button
                    color="red"
                    variant="light"
                    onClick={() =>
                      sendDelete({ type: 'delete.request', id: recordKey, label: String(row[def.labelField] ?? '') })
                    }
                  >
                    {t('list.delete')}
                  </Button>
                )}
              </Group>
            )}
          </Card>
        )}
      </QueryState>
      <DeleteConfirmDialog machine={deleteMachine} entity={entity} />
    </Stack>
  );
}
