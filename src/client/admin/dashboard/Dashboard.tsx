import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatTime } from '../format-time';
import type { ActivityEntry } from '../../../shared/activity';
import type { ListEnvelope } from '../../../shared/envelope';
import { adminCall } from '../api/admin-call';
import { unreadMessagesQuery } from '../messages/message-read';
import { newEntriesQuery } from '../form-entries/entry-queries';
import { useRights } from '../session/rights';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type CSSProperties, Fragment, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { ENTITIES, entityByResource } from '../../../shared/entities';
import { LIMITS } from '../../../shared/limits';
import { type AppReport, appReportQuery, currentAppQuery } from '../api/admin-queries';
import { QueryState } from '../QueryState';
import { adminNumber, useAdminText } from '../i18n';
import { actionLabel, entityTitle } from '../activity/activity-words';

const INFO_FIELDS = [
  ['app_key', 'App Key'],
  ['name', 'Name'],
  ['title', 'Title'],
  ['description', 'Description'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['address', 'Address'],
  ['web_url', 'Web URL'],
  ['copyright', 'Copyright'],
] as const;

const COUNTS: readonly { key: keyof AppReport; label: string; path: string }[] = [
  { key: 'total_page', label: 'Pages', path: ENTITIES.pages.adminPath },
  { key: 'total_section', label: 'Sections', path: ENTITIES.sections.adminPath },
  { key: 'total_widget', label: 'Widgets', path: ENTITIES.widgets.adminPath },
  { key: 'total_post_category', label: 'Categories', path: ENTITIES['post-categories'].adminPath },
  { key: 'total_post', label: 'Posts', path: ENTITIES.posts.adminPath },
];

/*
 * The dashboard's two tables are plain HTML in Mantine Table's look (admin.css, `.admin-table`):
 * Mantine's Table carries Table.ScrollContainer and with it Mantine's ScrollArea, which the
 * dashboard, the screen every sign-in lands on, would download for two short tables.
 */
export function Dashboard() {
  const { t, term } = useAdminText();
  const app = useQuery(currentAppQuery);
  const report = useQuery(appReportQuery);
  const rights = useRights();
  return (
    <Stack gap="lg">
      <Title order={1}>{term('Dashboard')}</Title>
      <section aria-labelledby="report-heading">
        <Title order={2} size="h4" id="report-heading" mb="sm">
          {term('Content')}
        </Title>
        <QueryState query={report} label={t('dashboard.counts')}>
          {(counts) => (
            <>
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
                {COUNTS.map((c) => (
                  <Card key={c.key} withBorder component={Link} to={`/admin/${c.path}`} padding="md">
                    <Text size="sm" c="dimmed">
                      {term(c.label)}
                    </Text>
                    <Text fz={28} fw={700}>
                      {adminNumber(counts[c.key])}
                    </Text>
                  </Card>
                ))}
              </SimpleGrid>
              <CountBars counts={counts} />
            </>
          )}
        </QueryState>
      </section>
      {rights?.can('messages', 'read') && <UnreadMessages />}
      {rights?.can('form-entries', 'read') && <NewFormEntries />}
      <WaitingToGoOut />
      {rights?.can('activity', 'read') && <RecentActivity />}
      <section aria-labelledby="app-heading">
        <Title order={2} size="h4" id="app-heading" mb="sm">
          {t('dashboard.siteInfo')}
        </Title>
        <QueryState query={app} label={t('dashboard.theSiteInfo')}>
          {(info) => (
            <Card withBorder padding="md">
              {typeof info.logo_header === 'string' && info.logo_header && (
                <Image
                  src={info.logo_header}
                  alt={t('dashboard.logo', { name: String(info.name ?? '') })}
                  mah={LIMITS.imagePreviewMaxHeightPx}
                  w="auto"
                  fit="contain"
                  mb="md"
                />
              )}
              <table className="admin-table">
                <tbody>
                  {INFO_FIELDS.map(([field, label]) => (
                    <tr key={field}>
                      <th scope="row" style={{ width: 160 }}>
                        {term(label)}
                      </th>
                      <td>{String(info[field] ?? '') || '--'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          )}
        </QueryState>
      </section>
    </Stack>
  );
}

/**
 * The record counts drawn as bars, each as long as its share of the largest. Plain elements and
 * CSS (admin.css `.admin-bars`): @mantine/charts would enter the dashboard's first load, and a
 * lazy chunk would draw them a moment after the counts. Hidden from screen readers, which read the
 * same counts, as text, just above.
 */
function CountBars({ counts }: { counts: AppReport }) {
  const { t, term } = useAdminText();
  const largest = Math.max(1, ...COUNTS.map((c) => Number(counts[c.key]) || 0));
  return (
    <Card withBorder padding="md" mt="md" aria-hidden="true" data-testid="count-bars">
      <Text size="sm" c="dimmed" mb="xs">
        {t('dashboard.countsChart')}
      </Text>
      <div className="admin-bars">
        {COUNTS.map((c) => (
          <Fragment key={c.key}>
            <Text size="sm">{term(c.label)}</Text>
            <div className="admin-bars__bar" style={{ width: `${((Number(counts[c.key]) || 0) / largest) * 100}%` }} />
            <Text size="sm" ta="end">
              {adminNumber(counts[c.key])}
            </Text>
          </Fragment>
        ))}
      </div>
    </Card>
  );
}

/** How many contact messages nobody has opened yet, with the way to them. */
function UnreadMessages() {
  const { t } = useAdminText();
  const unread = useQuery(unreadMessagesQuery);
  if (unread.data === undefined) return null;
  return (
    <Card withBorder padding="md" component={Link} to="/admin/messages">
      <Group justify="space-between">
        <Text fw={600}>{unread.data === 0 ? t('dashboard.noUnread') : t('dashboard.unread', { count: unread.data })}</Text>
        <Text size="sm" c="dimmed">
          {t('dashboard.messages')}
        </Text>
      </Group>
    </Card>
  );
}

const RECENT = 8;

/** The latest things staff did on this site, from the activity log. */
function RecentActivity() {
  const { t, term } = useAdminText();
  const recent = useQuery({
    queryKey: ['admin', 'activity', { size: RECENT }] as const,
    queryFn: ({ signal }) =>
      adminCall<ListEnvelope<ActivityEntry>>('activity', { signal, query: { size: RECENT } }).then((r) => r.data.data),
    meta: { failureTitle: 'Loading the recent activity failed' },
  });
  return (
    <section aria-labelledby="activity-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="activity-heading">
          {t('dashboard.recent')}
        </Title>
        <Anchor component={Link} to="/admin/activity" size="sm">
          {t('dashboard.allActivity')}
        </Anchor>
      </Group>
      <QueryState query={recent} label={t('dashboard.theRecent')}>
        {(entries) =>
          entries.length === 0 ? (
            <Text c="dimmed">{t('dashboard.nothingYet')}</Text>
          ) : (
            <Card withBorder padding={0}>
              <table className="admin-table">
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id}>
                      <td style={{ width: 170 }}>{formatTime(entry.created_at, 'YYYY-MM-DD HH:mm')}</td>
                      <td>{entry.user_name ?? t('presence.someone')}</td>
                      <td>
                        {[
                          actionLabel(entry.action, t),
                          entry.entity && entityTitle(entry.entity, term),
                          entry.record_id === null ? null : `#${entry.record_id}`,
                        ]
                          .filter(Boolean)
                          .join(' ')}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          )
        }
      </QueryState>
    </section>
  );
}

/** The kinds whose records pass review: what Needs review may be narrowed to. */
const REVIEWED = Object.values(ENTITIES).filter((def) => def.review);
const PLAIN_SELECT: CSSProperties = {
  font: 'inherit',
  fontSize: 'var(--mantine-font-size-xs)',
  padding: '2px 6px',
  color: 'inherit',
  background: 'var(--mantine-color-body)',
  border: '1px solid var(--mantine-color-default-border)',
  borderRadius: 'var(--mantine-radius-sm)',
};

interface WaitingItem {
  resource: string;
  kind: string;
  id: number;
  label: string;
  at: string;
  by?: string | null;
  /** Of an item in review: `in_review` or `approved`. */
  stage?: string;
}

interface Waiting {
  drafts: WaitingItem[];
  review: WaitingItem[];
  scheduled: WaitingItem[];
}

/** Drafts of live content and items scheduled for later: what still has to reach visitors. */
function WaitingToGoOut() {
  const { t, term } = useAdminText();
  // The kind the Needs review list is narrowed to ('' for every kind), asked of the server: it lists
  // the longest waiting of each, so a narrowing made here would miss what it left out.
  const [reviewOf, setReviewOf] = useState('');
  const waiting = useQuery<Waiting>({
    queryKey: ['admin', 'waiting', reviewOf],
    queryFn: ({ signal }) =>
      adminCall<{ data: Waiting }>('waiting', { signal, query: { review_of: reviewOf || undefined } }).then((r) => r.data),
    placeholderData: keepPreviousData,
    meta: { failureTitle: 'Loading the drafts and scheduled items failed' },
  });
  const list = (items: WaitingItem[], empty: string, when: (item: WaitingItem) => string) =>
    items.length === 0 ? (
      <Text c="dimmed" size="sm">
        {empty}
      </Text>
    ) : (
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item) => (
          <li key={`${item.resource}/${item.id}`}>
            <Anchor component={Link} to={`/admin/${entityByResource(item.resource)?.adminPath ?? item.resource}/form/${item.id}`}>
              {item.label}
            </Anchor>
            <Text span size="sm" c="dimmed">
              {` · ${item.kind} · ${when(item)}`}
            </Text>
          </li>
        ))}
      </Stack>
    );
  return (
    <section aria-labelledby="waiting-heading">
      <Title order={2} size="h4" id="waiting-heading" mb="sm">
        {t('dashboard.waiting')}
      </Title>
      <QueryState query={waiting} label={t('dashboard.theWaiting')}>
        {({ drafts, review, scheduled }) => (
          <SimpleGrid cols={{ base: 1, md: review.length > 0 || reviewOf ? 3 : 2 }}>
            {(review.length > 0 || reviewOf) && (
              <Card withBorder padding="md" aria-label={t('review.needsReview')}>
                <Group justify="space-between" align="center" mb="xs" gap="xs">
                  <Text fw={600}>{t('review.needsReview')}</Text>
                  {/* The browser's own select, in Mantine's colours: NativeSelect or InputBase would bring
                      their chunks (combobox parts, 4–6 KB) to a dashboard that shows none otherwise. */}
                  <select
                    aria-label={t('review.ofKind')}
                    value={reviewOf}
                    onChange={(event) => setReviewOf(event.currentTarget.value)}
                    style={PLAIN_SELECT}
                  >
                    <option value="">{t('review.everyKind')}</option>
                    {REVIEWED.map((def) => (
                      <option key={def.resource} value={def.resource}>
                        {term(def.title)}
                      </option>
                    ))}
                  </select>
                </Group>
                {list(review, t('review.needsReviewEmpty'), (item) =>
                  t(item.stage === 'approved' ? 'review.stage.approved' : 'review.stage.in_review'),
                )}
              </Card>
            )}
            <Card withBorder padding="md">
              <Text fw={600} mb="xs">
                {t('dashboard.drafts')}
              </Text>
              {list(drafts, t('dashboard.noDrafts'), (item) => {
                const at = formatTime(item.at, 'YYYY-MM-DD HH:mm');
                return item.by ? t('dashboard.savedBy', { at, by: item.by }) : t('dashboard.saved', { at });
              })}
            </Card>
            <Card withBorder padding="md">
              <Text fw={600} mb="xs">
                {t('dashboard.scheduled')}
              </Text>
              {list(scheduled, t('dashboard.nothingScheduled'), (item) =>
                t('dashboard.goesOut', { at: formatTime(item.at, 'YYYY-MM-DD HH:mm') }),
              )}
            </Card>
          </SimpleGrid>
        )}
      </QueryState>
    </section>
  );
}

/** How many form entries nobody has opened yet, with the way to them (admin/form-entries). */
function NewFormEntries() {
  const { t } = useAdminText();
  const fresh = useQuery(newEntriesQuery);
  if (fresh.data === undefined) return null;
  return (
    <Card withBorder padding="md" component={Link} to="/admin/form-entries">
      <Group justify="space-between">
        <Text fw={600}>{fresh.data === 0 ? t('dashboard.noNewEntries') : t('dashboard.newEntries', { count: fresh.data })}</Text>
        <Text size="sm" c="dimmed">
          {t('dashboard.entries')}
        </Text>
      </Group>
    </Card>
  );
}
