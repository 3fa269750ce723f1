import { Badge, Button, Card, Code, CopyButton, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '../format-time';
import { useState } from 'react';
import { ENTITIES } from '../../../shared/entities';
import type { ListEnvelope, Paged } from '../../../shared/envelope';
import { adminCall } from '../api/admin-call';
import { entityRecordQuery } from '../api/entity-queries';
import { notifyFailure } from '../api/notify';
import { DataTable } from '../list/DataTable';
import { useAdminText } from '../i18n';
import { apiPath } from '../../api/http';

interface Delivery {
  id: number;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: string;
  next_attempt_at: string;
}

const STATUS_COLOR = { pending: 'yellow', delivered: 'green', failed: 'red' } as const;
const PAGE_SIZE = 20;

/**
 * Under a webhook's form: the secret its receiver checks signatures with, and the delivery log
 * (newest first) with Resend. While a delivery waits or retries, the log follows it.
 */
export function WebhookDeliveries({ recordKey }: { recordKey: string }) {
  const { t, term } = useAdminText();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const webhook = useQuery(entityRecordQuery(ENTITIES.webhooks, recordKey));
  const deliveries = useQuery<Paged<Delivery>, Error, Paged<Delivery>, (string | number)[]>({
    queryKey: ['webhooks', recordKey, 'deliveries', page],
    queryFn: ({ signal }) =>
      adminCall<ListEnvelope<Delivery>>(apiPath`webhooks/${recordKey}/deliveries`, {
        signal,
        query: { page, size: PAGE_SIZE },
      }).then((r) => r.data),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 3000 : false),
  });
  const resend = useMutation({
    mutationFn: (id: number) => adminCall(apiPath`webhooks/${recordKey}/deliveries/${id}/resend`, { method: 'POST' }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: t('webhooks.queued'), message: t('webhooks.queuedText') });
      setPage(1);
      return queryClient.invalidateQueries({ queryKey: ['webhooks', recordKey, 'deliveries'] });
    },
    onError: (error) => notifyFailure(t('webhooks.resendFailed'), error),
  });
  const secret = webhook.data?.secret;
  const rows = deliveries.data?.data ?? [];
  const lastPage = deliveries.data?.last_page ?? 1;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('webhooks.title')}
        </Title>
        {typeof secret === 'string' && (
          <Stack gap={4}>
            <Group align="end" wrap="nowrap">
              <TextInput label={term('Signing secret')} value={secret} readOnly style={{ flex: 1 }} />
              <CopyButton value={secret}>
                {({ copied, copy }) => <Button onClick={copy}>{copied ? t('common.copied') : t('common.copy')}</Button>}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('webhooks.signedBefore')} <Code>X-Orgsite-Signature-256: sha256=…</Code>
              {t('webhooks.signedAfter')}
            </Text>
          </Stack>
        )}
        {rows.length === 0 ? (
          <Text c="dimmed">{deliveries.isPending ? t('webhooks.loading') : t('webhooks.none')}</Text>
        ) : (
          <DataTable
            label={t('webhooks.deliveries')}
            minWidth={640}
            rows={rows}
            rowKey={(d) => d.id}
            empty=""
            columns={[
              { key: 'when', label: t('activity.when'), cell: (d) => formatTime(d.created_at, 'YYYY-MM-DD HH:mm:ss') },
              { key: 'event', label: t('webhooks.event'), cell: (d) => d.event },
              {
                key: 'result',
                label: t('webhooks.result'),
                cell: (d) => (
                  <Badge color={STATUS_COLOR[d.status]} variant="light">
                    {d.status === 'pending' && d.attempts > 0
                      ? t('webhooks.retryAt', { at: formatTime(d.next_attempt_at, 'HH:mm:ss') })
                      : d.status}
                  </Badge>
                ),
              },
              { key: 'attempts', label: t('webhooks.attempts'), cell: (d) => d.attempts },
              {
                key: 'answer',
                label: t('webhooks.answer'),
                cell: (d) => (
                  <Text size="sm" lineClamp={2} title={d.error ?? undefined}>
                    {d.error ?? (d.response_status ? `HTTP ${d.response_status}` : '--')}
                  </Text>
                ),
              },
              {
                key: 'actions',
                label: <VisuallyHidden>{t('list.actions')}</VisuallyHidden>,
                cell: (d) =>
                  d.status !== 'pending' && (
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => resend.mutate(d.id)}
                      loading={resend.isPending && resend.variables === d.id}
                    >
                      {t('webhooks.resend')}
                    </Button>
                  ),
              },
            ]}
          />
        )}
        {lastPage > 1 && (
          <Group justify="flex-end">
            <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              {t('webhooks.newer')}
            </Button>
            <Text size="sm">{`${page} / ${lastPage}`}</Text>
            <Button variant="default" size="xs" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
              {t('webhooks.older')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
