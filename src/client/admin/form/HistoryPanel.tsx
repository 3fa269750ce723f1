import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '../format-time';
import { useState } from 'react';
import type { EntityDef } from '../../../shared/entities';
import type { ListEnvelope } from '../../../shared/envelope';
import { adminCall } from '../api/admin-call';
import { entityKeys, entityRecordQuery, type Row } from '../api/entity-queries';
import { fieldText } from './field-text';
import { formFields } from './form-values';
import { useAdminText } from '../i18n';
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
  const restore = useMutation({
    mutationFn: (revisionId: number) => adminCall(`${path}/${revisionId}/restore`, { method: 'POST' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(def.resource) });
      setOpen(undefined);
      notifications.show({ color: 'green', title: t('history.restored'), message: t('history.restoredText') });
      onRestored();
    },
    onError: (error) => notifications.show({ color: 'red', title: t('history.notRestored'), message: error.message }),
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
                  loading={restore.isPending && restore.variables === revision.id}
                  onClick={() => restore.mutate(revision.id)}
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
    </Card>
  );
}
