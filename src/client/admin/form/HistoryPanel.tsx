import { Alert, Button, Card, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type RestoreTarget, type RestoreUndo, restoreConfirmMachine } from '../../../../machines/restore-confirm';
import { inspect } from '../../inspect';
import { STORED_DATE_TIME, timeOfDateTime } from '../../../shared/date-time';
import { formatTime } from '../format-time';
import { useState } from 'react';
import type { EntityDef } from '../../../shared/entities';
import type { ListEnvelope } from '../../../shared/envelope';
import { adminCall } from '../api/admin-call';
import { entityKeys, entityRecordQuery, type Row } from '../api/entity-queries';
import { fieldText } from './field-text';
import { formFields } from './form-values';
import { adminT, useAdminText } from '../i18n';
import { notifyFailure } from '../api/notify';
import { apiPath } from '../../api/http';

interface Revision {
  id: number;
  version: number;
  created_at: string;
  user_name: string | null;
}

/** The fields where an earlier state differs from the record now. */
function Differences({ def, then, now }: { def: EntityDef; then: Row; now: Row }) {
  const { t, term } = useAdminText();
  const changed = formFields(def).filter(
    ([name, fd]) => !fd.writeOnly && JSON.stringify(then[name] ?? null) !== JSON.stringify(now[name] ?? null),
  );
  if (changed.length === 0) return <Text size="sm">{t('history.same')}</Text>;
  return (
    <Table withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('common.field')}</Table.Th>
          <Table.Th>{t('history.version', { version: String(then.version) })}</Table.Th>
          <Table.Th>{t('history.now')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {changed.map(([name, fd]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row">{term(fd.label)}</Table.Th>
            <Table.Td>{fieldText(def, name, then[name])}</Table.Td>
            <Table.Td>{fieldText(def, name, now[name])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * History under an edit form: every earlier state, newest first, with who saved over it and when;
 * Compare shows what differs from now, Restore brings it back as a new version.
 */
export function HistoryPanel({ def, recordKey, onRestored }: { def: EntityDef; recordKey: string; onRestored: () => void }) {
  const { t } = useAdminText();
  const queryClient = useQueryClient();
  const path = apiPath`${def.resource}/${recordKey}/revisions`;
  const revisions = useQuery({
    queryKey: [...entityKeys.record(def.resource, recordKey), 'revisions'],
    queryFn: ({ signal }) => adminCall<ListEnvelope<Revision>>(path, { signal, query: { size: 20 } }).then((r) => r.data),
  });
  const current = useQuery(entityRecordQuery(def, recordKey));
  const [open, setOpen] = useState<number>();
  const snapshot = useQuery({
    queryKey: [...entityKeys.record(def.resource, recordKey), 'revision', open],
    queryFn: ({ signal }) => adminCall<{ data: Row }>(`${path}/${open}`, { signal }).then((r) => r.data),
    enabled: open !== undefined,
  });
  const restoreFrom = (revisionId: number) =>
    adminCall<{ data: Row }>(`${path}/${revisionId}/restore`, { method: 'POST' }).then(async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.resource) });
      onRestored();
    });
  const [state, send] = useMachine(
    restoreConfirmMachine.provide({
      actors: {
        // The restore saves over the version now, which becomes the newest revision: Undo restores it.
        restoreRevision: fromPromise(async ({ input }: { input: RestoreTarget }) => {
          await restoreFrom(input.revisionId);
          const newest = await adminCall<ListEnvelope<Revision>>(path, { query: { size: 1 } });
          const replaced = newest.data.data[0];
          return replaced ? { revisionId: replaced.id, version: replaced.version } : null;
        }),
        undoRestore: fromPromise(({ input }: { input: RestoreUndo }) => restoreFrom(input.revisionId)),
      },
      actions: {
        notifyRestored: (_, { target, undo }) => {
          setOpen(undefined);
          notifications.show({
            id: RESTORED_ID,
            color: 'green',
            autoClose: 10_000,
            title: t('history.restored'),
            onClose: () => send({ type: 'restore.dismiss' }),
            message: (
              <span>
                {`${t('history.restoredVersion', { version: target.version })} `}
                {undo && (
                  <Button size="compact-xs" variant="light" onClick={() => send({ type: 'restore.undo' })}>
                    {adminT('toast.undo')}
                  </Button>
                )}
              </span>
            ),
          });
        },
        notifyUndone: (_, { undo }) => {
          notifications.hide(RESTORED_ID);
          notifications.show({ color: 'green', message: t('history.undone', { version: undo.version }) });
        },
        notifyUndoFailed: (_, { error }) => {
          notifications.hide(RESTORED_ID);
          notifyFailure(t('history.notRestored'), error);
        },
      },
    }),
    { inspect },
  );
  const target = state.context.target;
  const asked = useQuery({
    queryKey: [...entityKeys.record(def.resource, recordKey), 'revision', target?.revisionId],
    queryFn: ({ signal }) => adminCall<{ data: Row }>(`${path}/${target!.revisionId}`, { signal }).then((r) => r.data),
    enabled: target !== null && (state.matches('confirming') || state.matches('restoring')),
  });

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('history.title')}
        </Title>
        {revisions.data && revisions.data.data.length === 0 && <Text size="sm">{t('history.none')}</Text>}
        {revisions.data?.data.map((revision) => (
          <Stack key={revision.id} gap={6}>
            <Group justify="space-between">
              <Text size="sm">
                {t('history.replaced', {
                  version: revision.version,
                  at: formatTime(revision.created_at, 'YYYY-MM-DD HH:mm'),
                  by: revision.user_name ?? t('conflict.someone'),
                })}
              </Text>
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  onClick={() => setOpen(open === revision.id ? undefined : revision.id)}
                >
                  {open === revision.id ? t('history.hide') : t('history.compare')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={t('history.restoreVersion', { version: revision.version })}
                  onClick={() => send({ type: 'restore.request', revisionId: revision.id, version: revision.version })}
                >
                  {t('common.restore')}
                </Button>
              </Group>
            </Group>
            {open === revision.id && snapshot.data && current.data && (
              <Differences def={def} then={snapshot.data} now={current.data} />
            )}
          </Stack>
        ))}
      </Stack>
      <Modal
        opened={state.matches('confirming') || state.matches('restoring')}
        onClose={() => send({ type: 'restore.cancel' })}
        title={target ? t('history.confirmTitle', { version: target.version }) : ''}
        centered
        closeOnClickOutside={!state.matches('restoring')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text>{t('history.confirmText', { version: target?.version ?? '' })}</Text>
        {asked.data ? (
          <Text mt="sm" fw={500}>
            {visibilityText(def, asked.data)}
          </Text>
        ) : (
          <Loader size="sm" mt="sm" aria-label={t('history.confirmLoading')} />
        )}
        {state.context.errorMessage && (
          <Alert color="red" role="alert" mt="md">
            {state.context.errorMessage}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => send({ type: 'restore.cancel' })} disabled={state.matches('restoring')}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => send({ type: 'restore.confirm' })} loading={state.matches('restoring')} disabled={!asked.data}>
            {t('common.restore')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

const RESTORED_ID = 'history-restored';

/**
 * What restoring this earlier state does to what visitors see, in words: public at once (Status 1
 * and its publish time come, or an entity without either), public from a later time, or hidden.
 */
function visibilityText(def: EntityDef, snapshot: Row): string {
  if ('status' in def.fields && Number(snapshot.status) !== 1) return adminT('history.willBeHidden');
  const publishAt = typeof snapshot.publish_at === 'string' && snapshot.publish_at ? snapshot.publish_at : null;
  if ('publish_at' in def.fields && publishAt) {
    const at = STORED_DATE_TIME.test(publishAt) ? timeOfDateTime(publishAt) : Date.parse(publishAt);
    if (at > Date.now()) return adminT('history.willBePublicAt', { at: formatTime(at, 'YYYY-MM-DD HH:mm') });
  }
  return adminT('history.willBePublicNow');
}
