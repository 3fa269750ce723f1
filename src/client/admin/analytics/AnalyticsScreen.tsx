/**
 * Analytics (editors and admins, issue #62): the site's own visitor counts, made without cookies
 * or third parties (server/content/analytics.ts). Views and visitors over time by day, week or
 * month; the top pages, referrers, languages and devices; each page's 75th-percentile field vitals against
 * Google's thresholds, worst first; and a CSV of what is shown. Mantine Charts (and recharts
 * under it) come with this screen's chunk only: the route splits it from every other screen.
 */
import '@mantine/charts/styles.css';
import { AreaChart, BarChart } from '@mantine/charts';
import { Badge, Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type AnalyticsPeriod, type VitalRating } from '../../../shared/analytics';
import type { AnswerOf } from '../../../shared/api/client';
import { adminCall } from '../api/admin-call';
import { downloadCsvFrom } from '../api/entity-writes';
import { notifyFailure } from '../api/notify';
import { adminNumber, useAdminText } from '../i18n';
import { QueryState } from '../QueryState';

type Row = { value?: string; views?: number; visitors?: number };

const analyticsQuery = (period: AnalyticsPeriod) =>
  queryOptions({
    queryKey: ['admin', 'analytics', period] as const,
    queryFn: ({ signal }) =>
      adminCall<AnswerOf<'analytics.report'>>(`analytics?period=${period}`, { signal }).then((a) => a.data!),
    meta: { failureTitle: 'Loading the analytics failed' },
  });

const RATING_COLOR: Record<VitalRating, string> = { good: 'green', 'needs-improvement': 'yellow', poor: 'red' };

function RatingBadge({ rating }: { rating?: string }) {
  const { t } = useAdminText();
  if (!rating) return <Text c="dimmed">–</Text>;
  return (
    <Badge color={RATING_COLOR[rating as VitalRating] ?? 'gray'} variant="light" className="admin-rating">
      {t(`analytics.rating.${rating as VitalRating}`)}
    </Badge>
  );
}

/** A breakdown as a plain table (admin.css's `.admin-table`): value, views, visitors. */
function Breakdown({
  title,
  rows,
  empty,
  label,
}: {
  title: string;
  rows: Row[];
  empty: string;
  label?: (value: string) => string;
}) {
  const { t } = useAdminText();
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {rows.length ? (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{title}</th>
              <th scope="col">{t('analytics.views')}</th>
              <th scope="col">{t('analytics.visitors')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.value}>
                <td>{label ? label(row.value ?? '') : row.value}</td>
                <td>{adminNumber(row.views ?? 0)}</td>
                <td>{adminNumber(row.visitors ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Text c="dimmed">{empty}</Text>
      )}
    </Card>
  );
}

export function AnalyticsScreen() {
  const { t } = useAdminText();
  const [period, setPeriod] = useState<AnalyticsPeriod>('day');
  const query = useQuery({ ...analyticsQuery(period), placeholderData: keepPreviousData });
  const referrerLabel = (value: string) => value || t('analytics.direct');
  const ms = (value?: number) => (value === undefined ? '–' : `${adminNumber(value)} ms`);

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1}>{t('analytics.title')}</Title>
        <Button
          variant="default"
          onClick={() =>
            void downloadCsvFrom(`analytics/export.csv?period=${period}`, 'analytics').catch((error: unknown) =>
              notifyFailure(t('list.exportFailed'), error),
            )
          }
        >
          {t('analytics.export')}
        </Button>
      </Group>
      <Text c="dimmed">{t('analytics.intro')}</Text>
      <QueryState query={query} label={t('analytics.title')}>
        {(report) => (
          <>
            <Card withBorder>
              <Group justify="space-between" mb="sm">
                <Title order={2} size="h4">
                  {t('analytics.overTime')}
                </Title>
                <SegmentedControl
                  aria-label={t('analytics.period')}
                  value={period}
                  onChange={(value) => setPeriod(value as AnalyticsPeriod)}
                  data={(['day', 'week', 'month'] as const).map((value) => ({ value, label: t(`analytics.by.${value}`) }))}
                />
              </Group>
              <Group gap="xl" mb="sm">
                <Text data-testid="analytics-views">
                  {t('analytics.views')}: <strong>{adminNumber(report.totals?.views ?? 0)}</strong>
                </Text>
                <Text data-testid="analytics-visitors">
                  {t('analytics.visitors')}: <strong>{adminNumber(report.totals?.visitors ?? 0)}</strong>
                </Text>
              </Group>
              <div role="img" aria-label={t('analytics.chartLabel')}>
                <AreaChart
                  h={260}
                  data={report.series ?? []}
                  dataKey="start"
                  withLegend
                  series={[
                    { name: 'views', label: t('analytics.views'), color: 'blue.6' },
                    { name: 'visitors', label: t('analytics.visitors'), color: 'teal.6' },
                  ]}
                />
              </div>
            </Card>
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Breakdown title={t('analytics.pages')} rows={report.pages ?? []} empty={t('analytics.none')} />
              <Breakdown
                title={t('analytics.referrers')}
                rows={report.referrers ?? []}
                empty={t('analytics.none')}
                label={referrerLabel}
              />
              <BreakdownChart
                title={t('analytics.languages')}
                seriesLabel={t('analytics.views')}
                color="blue.6"
                data={(report.languages ?? []).map((row) => ({ value: row.value ?? '', views: row.views ?? 0 }))}
              />
              <BreakdownChart
                title={t('analytics.devices')}
                seriesLabel={t('analytics.views')}
                color="teal.6"
                data={(report.devices ?? []).map((row) => ({
                  value: t(`analytics.device.${row.value as 'mobile' | 'tablet' | 'desktop'}`),
                  views: row.views ?? 0,
                }))}
              />
            </SimpleGrid>
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                {t('analytics.vitals')}
              </Title>
              <Text c="dimmed" size="sm" mb="sm">
                {t('analytics.vitalsIntro')}
              </Text>
              {report.vitals?.length ? (
                <table className="admin-table" data-testid="analytics-vitals">
                  <thead>
                    <tr>
                      <th scope="col">{t('analytics.page')}</th>
                      <th scope="col">LCP</th>
                      <th scope="col">INP</th>
                      <th scope="col">CLS</th>
                      <th scope="col">{t('analytics.rating')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {report.vitals.map((page) => (
                      <tr key={page.path}>
                        <td>{page.path}</td>
                        <td>{ms(page.vitals?.lcp?.p75)}</td>
                        <td>{ms(page.vitals?.inp?.p75)}</td>
                        <td>{page.vitals?.cls?.p75 === undefined ? '–' : page.vitals.cls.p75.toFixed(2)}</td>
                        <td>
                          <RatingBadge rating={page.rating} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <Text c="dimmed">{t('analytics.none')}</Text>
              )}
            </Card>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** Views by one breakdown (languages, devices) as a bar chart in its card, named for screen readers. */
function BreakdownChart({
  title,
  seriesLabel,
  color,
  data,
}: {
  title: string;
  seriesLabel: string;
  color: string;
  data: { value: string; views: number }[];
}) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <div role="img" aria-label={title}>
        <BarChart h={200} data={data} dataKey="value" series={[{ name: 'views', label: seriesLabel, color }]} />
      </div>
    </Card>
  );
}
