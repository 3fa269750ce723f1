import { Alert, Badge, Button, Card, Group, Loader, Modal, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ENTITIES } from '../../../shared/entities';
import type { ItemEnvelope } from '../../../shared/envelope';
import { NEWSLETTER_DELIVERY, type NewsletterDelivery } from '../../../shared/entities/newsletters';
import { languageName } from '../../../shared/locales';
import { ApiError, apiPath } from '../../api/http';
import { adminCall } from '../api/admin-call';
import { entityKeys, entityRecordQuery } from '../api/entity-queries';
import { formatTime } from '../format-time';
import { adminNumber, type AdminMessageKey, useAdminText } from '../i18n';
import { DataTable } from '../list/DataTable';
import { byteSize } from '../media/byte-size';
import { Segments } from '../Segments';
import { useRights } from '../session/rights';
import { useSiteLocales } from '../session/site-locales';

/** The mail one language's subscribers get (GET /newsletters/:id/preview). */
interface Preview {
  locale: string;
  subject: string;
  html: string;
  text: string;
  bytes: number;
  /** Confirmed subscribers who get it in this language. */
  recipients: number;
}

/** Where a sent issue is (GET /newsletters/:id/report). */
interface Report {
  delivery: NewsletterDelivery;
  queued_at: string | null;
  total: number;
  pending: number;
  sent: number;
  failed: number;
  refused: number;
  /** Left, refused or erased between the queueing and their turn: nothing was sent to them. */
  skipped?: number;
  unsubscribed: number;
  first_sent_at: string | null;
  last_sent_at: string | null;
  locales: { locale: string; total: number; sent: number }[];
  problems: { email: string; status: string; error: string | null; at: string | null }[];
}

/** While an issue goes out its report is read again this often, so the counts move without a reload. */
const FOLLOW_MS = 3000;

/**
 * Under the `admin` key, which signing out (or a session ending) clears: the report names
 * subscribers, and the next person on a shared device must not find them in the cache.
 */
const newsletterKeys = {
  all: (id: string) => ['admin', 'newsletters', id] as const,
  // The record's version is part of the key: a save above changes the mail, and the preview follows.
  preview: (id: string, locale: string, version: unknown) => ['admin', 'newsletters', id, 'preview', locale, version] as const,
  report: (id: string) => ['admin', 'newsletters', id, 'report'] as const,
};

const previewQuery = (id: string, locale: string, version: unknown) => ({
  queryKey: newsletterKeys.preview(id, locale, version),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminCall<ItemEnvelope<Preview>>(apiPath`newsletters/${id}/preview`, { signal, query: { locale } }).then((r) => r.data),
});

/** The back-office's state colours (admin.css), each AA on both schemes' grounds. */
const DELIVERY_COLOR: Record<NewsletterDelivery, string> = {
  draft: 'var(--admin-muted)',
  sending: 'var(--admin-scheduled)',
  sent: 'var(--admin-active)',
};
const deliveryLabel = (delivery: NewsletterDelivery) => NEWSLETTER_DELIVERY.find((d) => d.value === delivery)?.label ?? delivery;

/** A recipient's state as the queue names it, in the back-office's words (an unknown one shows as it is). */
const SEND_STATUS: Record<string, AdminMessageKey> = {
  pending: 'newsletter.status.pending',
  sent: 'newsletter.status.sent',
  failed: 'newsletter.status.failed',
  refused: 'newsletter.status.refused',
  skipped: 'newsletter.status.skipped',
  unsubscribed: 'newsletter.status.unsubscribed',
};

/**
 * Under a newsletter's form: the mail as a subscriber in each language gets it, a test sent to
 * oneself, the send to every confirmed subscriber, and then its report. Shown to those who may
 * read the mailing area; the buttons that send, to those who may send.
 */
export function NewsletterSending({ recordKey }: { recordKey: string }) {
  const rights = useRights();
  if (!rights?.can('mailing', 'read')) return null;
  return <SendingPanel recordKey={recordKey} canSend={rights.can('mailing', 'create')} />;
}

function SendingPanel({ recordKey, canSend }: { recordKey: string; canSend: boolean }) {
  const { t, term, language } = useAdminText();
  const queryClient = useQueryClient();
  const locales = useSiteLocales();
  const [chosen, setChosen] = useState<string>();
  const locale = chosen && locales.includes(chosen) ? chosen : locales[0]!;
  const [confirming, setConfirming] = useState(false);
  const [sentHere, setSentHere] = useState(false);
  const headingId = useId();

  const record = useQuery(entityRecordQuery(ENTITIES.newsletters, recordKey));
  const version = record.data?.version ?? record.data?.updated_at;
  const preview = useQuery({
    ...previewQuery(recordKey, locale, version),
    enabled: record.data !== undefined,
    // Switching language keeps the last mail in view until the next one arrives, so the panel does not jump.
    placeholderData: keepPreviousData,
  });

  const recordDelivery = (record.data?.delivery as NewsletterDelivery | undefined) ?? 'draft';
  const report = useQuery({
    queryKey: newsletterKeys.report(recordKey),
    queryFn: ({ signal }) =>
      adminCall<ItemEnvelope<Report>>(apiPath`newsletters/${recordKey}/report`, { signal }).then((r) => r.data),
    enabled: recordDelivery !== 'draft' || sentHere,
    refetchInterval: (query) => (query.state.data?.delivery === 'sending' ? FOLLOW_MS : false),
  });
  // The report is read more often than the record: it knows first that sending began or ended.
  const delivery = report.data?.delivery ?? (sentHere ? 'sending' : recordDelivery);

  // Every language's count, for the question before sending: read when the question is asked.
  const counts = useQueries({
    queries: locales.map((tag) => ({ ...previewQuery(recordKey, tag, version), enabled: confirming && version !== undefined })),
    combine: (results) => ({
      total: results.reduce((sum, r) => sum + (r.data?.recipients ?? 0), 0),
      pending: results.some((r) => r.isPending),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });

  const test = useMutation({
    mutationFn: () =>
      adminCall<ItemEnvelope<{ to: string }>>(apiPath`newsletters/${recordKey}/test`, { method: 'POST', body: { locale } }).then(
        (r) => r.data,
      ),
  });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: newsletterKeys.report(recordKey) }),
      queryClient.invalidateQueries({ queryKey: entityKeys.record(ENTITIES.newsletters.resource, recordKey) }),
    ]);
  const send = useMutation({
    mutationFn: () =>
      adminCall<ItemEnvelope<{ queued: number }>>(apiPath`newsletters/${recordKey}/send`, { method: 'POST' }).then((r) => r.data),
    onSuccess: ({ queued }) => {
      setConfirming(false);
      setSentHere(true);
      notifications.show({
        color: 'green',
        title: t('newsletter.queued'),
        message: t('newsletter.queuedText', { count: queued }),
      });
      return refresh();
    },
    // Refused because it went meanwhile (another person, or its Send at time): the report says where it is.
    onError: () => refresh(),
  });

  // A refusal because it was sent meanwhile is final; any other failure (the connection) may be tried again.
  const alreadySent = send.error instanceof ApiError && send.error.status === 409;
  const grouped = (n: number) => adminNumber(new Intl.NumberFormat(language, { numberingSystem: 'latn' }).format(n));

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={headingId} className="newsletter-sending">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h4" id={headingId}>
            {t('newsletter.title')}
          </Title>
          <Badge color={DELIVERY_COLOR[delivery]} variant="outline" miw="max-content">
            {term(deliveryLabel(delivery))}
          </Badge>
        </Group>

        {locales.length > 1 && (
          // In a box of its own, so it keeps its width rather than the column's.
          <div>
            <Segments
              size="sm"
              label={t('newsletter.previewLanguage')}
              value={locale}
              data={locales.map((tag) => ({ value: tag, label: languageName(tag) }))}
              onChange={(tag) => {
                setChosen(tag);
                test.reset();
              }}
            />
          </div>
        )}

        {preview.isError && !preview.data ? (
          <Alert color="red" role="alert" title={t('newsletter.previewFailed')}>
            {preview.error.message}
            <div>
              <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void preview.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          </Alert>
        ) : !preview.data ? (
          <Group justify="center" py="xl">
            <Loader aria-label={t('newsletter.previewLoading')} />
          </Group>
        ) : (
          <Stack gap="xs" aria-busy={preview.isPlaceholderData || undefined}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
              <Fact label={t('newsletter.subject')} value={preview.data.subject} />
              <Fact label={t('newsletter.size')} value={byteSize(preview.data.bytes)} />
              <Fact
                label={t('newsletter.recipients')}
                value={t('newsletter.recipientsIn', {
                  count: preview.data.recipients,
                  language: languageName(preview.data.locale),
                })}
              />
            </SimpleGrid>
            <iframe
              // No scripts, forms or same-origin access: the mail is shown as a mail reader shows it.
              sandbox=""
              srcDoc={preview.data.html}
              title={t('newsletter.previewFrame', { language: languageName(preview.data.locale) })}
              lang={preview.data.locale}
              style={{
                width: '100%',
                height: 560,
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-sm)',
                // The mail brings its own colours (a white page): a dark back-office does not change them.
                background: '#fff',
                opacity: preview.isPlaceholderData ? 0.6 : 1,
              }}
            />
            <details>
              <summary>
                <Text span size="sm">
                  {t('newsletter.plainText')}
                </Text>
              </summary>
              <Text component="pre" size="sm" lang={preview.data.locale} style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {preview.data.text}
              </Text>
            </details>
          </Stack>
        )}

        {canSend && (
          <Stack gap="xs">
            <Group gap="sm">
              <Button variant="light" onClick={() => test.mutate()} loading={test.isPending} disabled={!preview.data}>
                {t('newsletter.sendTest', { language: languageName(locale) })}
              </Button>
              {delivery === 'draft' && (
                <Button
                  // The shade white text reads on (WCAG AA); Mantine's default red is too light for it.
                  color="red.8"
                  onClick={() => {
                    send.reset();
                    setConfirming(true);
                  }}
                  disabled={!preview.data}
                >
                  {t('newsletter.sendAll')}
                </Button>
              )}
            </Group>
            {/* Always there, so a screen reader hears each new result. */}
            <div role="status">
              {test.isSuccess && (
                <Text size="sm" c="var(--admin-active)">
                  {t('newsletter.testSent', { to: test.data.to })}
                </Text>
              )}
              {test.isError && (
                <Text size="sm" c="var(--admin-danger-text)">
                  {t('newsletter.testFailed', { reason: test.error.message })}
                </Text>
              )}
            </div>
          </Stack>
        )}

        {delivery !== 'draft' &&
          (report.data ? (
            <ReportView report={report.data} grouped={grouped} />
          ) : report.isError ? (
            <Alert color="red" role="alert" title={t('newsletter.reportFailed')}>
              {report.error.message}
            </Alert>
          ) : (
            <Group justify="center" py="md">
              <Loader aria-label={t('newsletter.reportLoading')} />
            </Group>
          ))}
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('newsletter.confirmTitle')}
        centered
        closeOnClickOutside={!send.isPending}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {counts.pending ? (
          <Group justify="center" py="md">
            <Loader aria-label={t('newsletter.counting')} />
          </Group>
        ) : counts.error ? (
          <Alert color="red" role="alert">
            {counts.error.message}
          </Alert>
        ) : counts.total === 0 ? (
          // Sending to nobody would still mark the issue sent, and it can never be sent again.
          <Text>{t('newsletter.nobody')}</Text>
        ) : (
          <Text>{t('newsletter.confirm', { count: counts.total, number: grouped(counts.total) })}</Text>
        )}
        {send.isError && (
          <Alert color="red" role="alert" mt="md">
            {send.error.message}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={send.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red.8"
            onClick={() => send.mutate()}
            loading={send.isPending}
            disabled={counts.pending || counts.error !== null || counts.total === 0 || alreadySent}
          >
            {t('newsletter.confirmSend')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}

/** One labelled value of the panel. */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** Where the issue is on its way out: the counts, the times, each language, and what went wrong. */
function ReportView({ report, grouped }: { report: Report; grouped: (n: number) => string }) {
  const { t, term } = useAdminText();
  const headingId = useId();
  const skipped = report.skipped ?? 0;
  const done = report.sent + report.failed + report.refused + skipped;
  const time = (at: string | null) => (at ? formatTime(at, 'YYYY-MM-DD HH:mm:ss') : '--');
  const counts: [AdminMessageKey, number][] = [
    ['newsletter.report.queued', report.total],
    ['newsletter.report.sent', report.sent],
    ['newsletter.report.failed', report.failed],
    ['newsletter.report.refused', report.refused],
    ['newsletter.report.skipped', skipped],
    ['newsletter.report.pending', report.pending],
    ['newsletter.report.unsubscribed', report.unsubscribed],
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {t('newsletter.report.title')}
      </Title>
      <div role="status">
        <Text size="sm">
          {t('newsletter.report.progress', {
            delivery: term(deliveryLabel(report.delivery)),
            done: grouped(done),
            total: grouped(report.total),
          })}
        </Text>
      </div>
      {report.total > 0 && (
        <Progress
          value={(done / report.total) * 100}
          color={report.failed + report.refused > 0 ? 'orange' : 'green'}
          aria-label={t('newsletter.report.progressLabel')}
        />
      )}
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4, md: 7 }} spacing="xs" style={{ margin: 0 }}>
        {counts.map(([key, value]) => (
          <div key={key}>
            <Text component="dt" size="xs" c="dimmed">
              {t(key)}
            </Text>
            <Text component="dd" size="lg" fw={600} m={0}>
              {grouped(value)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <SimpleGrid component="dl" cols={{ base: 1, sm: 3 }} spacing="xs" style={{ margin: 0 }}>
        {(
          [
            ['newsletter.report.queuedAt', report.queued_at],
            ['newsletter.report.firstSent', report.first_sent_at],
            ['newsletter.report.lastSent', report.last_sent_at],
          ] as const
        ).map(([key, at]) => (
          <div key={key}>
            <Text component="dt" size="xs" c="dimmed">
              {t(key)}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {time(at)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {report.locales.length > 0 && (
        <DataTable
          label={t('newsletter.report.languages')}
          minWidth={320}
          rows={report.locales}
          rowKey={(l) => l.locale}
          empty=""
          columns={[
            { key: 'language', label: t('newsletter.report.language'), cell: (l) => languageName(l.locale) },
            { key: 'total', label: t('newsletter.report.queued'), cell: (l) => grouped(l.total) },
            { key: 'sent', label: t('newsletter.report.sent'), cell: (l) => grouped(l.sent) },
          ]}
        />
      )}
      <DataTable
        label={t('newsletter.report.problems')}
        minWidth={560}
        rows={report.problems}
        rowKey={(p) => p.email}
        empty={t('newsletter.report.noProblems')}
        columns={[
          { key: 'email', label: t('newsletter.report.address'), cell: (p) => p.email },
          {
            key: 'status',
            label: t('newsletter.report.status'),
            cell: (p) => (
              <Badge
                color={p.status === 'pending' ? 'var(--admin-scheduled)' : 'var(--admin-danger-text)'}
                variant="outline"
                miw="max-content"
              >
                {SEND_STATUS[p.status] ? t(SEND_STATUS[p.status]!) : p.status}
              </Badge>
            ),
          },
          {
            key: 'error',
            label: t('newsletter.report.error'),
            cell: (p) => (
              <Text size="sm" lineClamp={2} title={p.error ?? undefined}>
                {p.error ?? '--'}
              </Text>
            ),
          },
          { key: 'at', label: t('newsletter.report.time'), cell: (p) => time(p.at) },
        ]}
      />
    </Stack>
  );
}
