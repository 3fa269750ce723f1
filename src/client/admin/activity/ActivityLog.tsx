import { Badge, Card, Center, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { formatTime } from '../format-time';
import { ACTIVITY_ACTIONS, type ActivityEntry } from '../../../shared/activity';
import { DEFAULT_PAGE_SIZES } from '../../../shared/entities';
import type { ListEnvelope } from '../../../shared/envelope';
import { adminCall } from '../api/admin-call';
import { ListFooter } from '../list/ListFooter';
import { LoadError } from '../QueryState';
import { useRights } from '../session/rights';
import type { ActivitySearch } from './activity-search';
import { type DataColumn, DataTable } from '../list/DataTable';
import { useAdminText } from '../i18n';
import { adminTerm, type AdminMessageKey } from '../i18n';
import { actionLabel, changeFieldLabel, changeValue, entityTitle, LOGGED_ENTITIES } from './activity-words';
import { deviceName } from '../account/device-name';
import { DateRange } from '../DateRange';

const activityQuery = (search: ActivitySearch) =>
  queryOptions({
    queryKey: ['admin', 'activity', search] as const,
    queryFn: ({ signal }) =>
      adminCall<ListEnvelope<ActivityEntry>>('activity', { signal, query: { ...search } }).then((r) => r.data),
    meta: { failureTitle: 'Loading the activity log failed' },
  });

const usersQuery = queryOptions({
  queryKey: ['entities', 'users', 'selector'] as const,
  queryFn: ({ signal }) =>
    adminCall<ListEnvelope<{ id: number; name: string | null; email: string }>>('users', { signal, query: { size: 1000 } }).then(
      (r) => r.data.data,
    ),
});

const ENTITY_CHOICES = LOGGED_ENTITIES;
const ACTION_COLOR: Partial<Record<ActivityEntry['action'], string>> = {
  'sign-in-failed': 'red',
  delete: 'red',
  trash: 'red',
  restore: 'green',
  publish: 'green',
  'role-change': 'orange',
  'password-change': 'orange',
  'sessions-revoked': 'orange',
  create: 'green',
};

/** `Field: before → after` for each changed field, in words: the field's label and its values as a form shows them. */
function Changes({ entry }: { entry: ActivityEntry }) {
  const { t, term } = useAdminText();
  if (!entry.changes) return null;
  const show = (field: string, value: unknown) => changeValue(entry.entity, field, value, t, term);
  return (
    <Stack gap={2}>
      {Object.entries(entry.changes).map(([field, [before, after]]) => (
        <Text key={field} size="xs">
          <b>{changeFieldLabel(entry.entity, field, term)}</b>: {show(field, before)} → {show(field, after)}
        </Text>
      ))}
    </Stack>
  );
}

/** An action as a badge with its label; the label is read where it is drawn, so it follows the language. */
function ActionBadge({ action }: { action: ActivityEntry['action'] }) {
  const { t } = useAdminText();
  return (
    <Badge variant="light" color={ACTION_COLOR[action] ?? 'blue'} tt="none" styles={{ label: { overflow: 'visible' } }}>
      {actionLabel(action, t)}
    </Badge>
  );
}

/** The browser and system an entry came from, its whole User-Agent text on hover. */
function FromDevice({ userAgent }: { userAgent: string | null }) {
  const { t } = useAdminText();
  if (!userAgent) return null;
  return (
    <Text size="xs" c="dimmed" lineClamp={1} title={userAgent}>
      {deviceName(userAgent, t)}
    </Text>
  );
}

interface Props {
  search: ActivitySearch;
  onChange: (next: ActivitySearch) => void;
}

/** The log's columns: when, who, what was done to what, the changes, and from where. */
const COLUMNS: (DataColumn<ActivityEntry> & { label: AdminMessageKey })[] = [
  {
    key: 'when',
    label: 'activity.when',
    style: { whiteSpace: 'nowrap' },
    cell: (entry) => formatTime(entry.created_at, 'YYYY-MM-DD HH:mm:ss'),
  },
  { key: 'who', label: 'activity.who', cell: (entry) => entry.user_name ?? '--' },
  {
    key: 'action',
    label: 'activity.action',
    cell: (entry) => <ActionBadge action={entry.action} />,
  },
  {
    key: 'what',
    label: 'activity.what',
    cell: (entry) => (
      <>
        {entry.entity ? `${entityTitle(entry.entity, adminTerm)}${entry.record_id ? ` #${entry.record_id}` : ''}` : '--'}
        {entry.app_key && (
          <Text size="xs" c="dimmed">
            {entry.app_key}
          </Text>
        )}
      </>
    ),
  },
  { key: 'changes', label: 'activity.changes', cell: (entry) => <Changes entry={entry} /> },
  {
    key: 'from',
    label: 'activity.from',
    cell: (entry) => (
      <>
        <Text size="xs">{entry.ip ?? '--'}</Text>
        <FromDevice userAgent={entry.user_agent} />
      </>
    ),
  },
];

/** The activity log: who did what and when, filtered by user, entity, action and dates, newest first. */
export function ActivityLog({ search, onChange }: Props) {
  const { t, term } = useAdminText();
  const size = search.size && (DEFAULT_PAGE_SIZES as readonly number[]).includes(search.size) ? search.size : 25;
  const query = useQuery({ ...activityQuery({ ...search, size }), placeholderData: keepPreviousData });
  const rights = useRights();
  const users = useQuery({ ...usersQuery, enabled: rights?.can('users', 'read') === true });
  const page = query.data;
  const set = (change: Partial<ActivitySearch>) => onChange({ ...search, ...change, page: undefined });

  return (
    <Stack gap="md">
      <Title order={1}>{term('Activity')}</Title>
      <Group align="end" gap="sm" wrap="wrap">
        {users.data && (
          <Select
            label={term('User')}
            placeholder={t('activity.anyone')}
            clearable
            searchable
            data={users.data.map((u) => ({ value: String(u.id), label: u.name ? `${u.name} (${u.email})` : u.email }))}
            value={search.user_id ? String(search.user_id) : null}
            onChange={(value) => set({ user_id: value ? Number(value) : undefined })}
          />
        )}
        <Select
          label={t('activity.entity')}
          placeholder={t('activity.any')}
          clearable
          data={ENTITY_CHOICES.map((choice) => ({ ...choice, label: term(choice.label) }))}
          value={search.entity ?? null}
          onChange={(value) => set({ entity: value ?? undefined })}
        />
        <Select
          label={t('activity.action')}
          placeholder={t('activity.any')}
          clearable
          data={ACTIVITY_ACTIONS.map((action) => ({ value: action, label: actionLabel(action, t) }))}
          value={search.action ?? null}
          onChange={(value) => set({ action: (value as ActivitySearch['action']) ?? undefined })}
        />
        <DateRange from={search.from} to={search.to} onChange={set} />
      </Group>
      <Card withBorder padding={0}>
        {query.isError ? (
          <LoadError label={t('activity.log')} error={query.error} onRetry={() => void query.refetch()} m="md" />
        ) : !page ? (
          <Center py="xl">
            <Loader aria-label={t('state.loading', { what: t('activity.log') })} />
          </Center>
        ) : (
          <DataTable
            columns={COLUMNS.map((column) => ({ ...column, label: t(column.label) }))}
            rows={page.data}
            rowKey={(entry) => entry.id}
            empty={t('list.empty')}
            minWidth={720}
          />
        )}
      </Card>
      {page && (
        <ListFooter
          currentPage={page.current_page}
          lastPage={page.last_page}
          size={size}
          total={page.total}
          pageSizes={DEFAULT_PAGE_SIZES}
          onPage={(p) => onChange({ ...search, page: p })}
          onSize={(s) => onChange({ ...search, size: s, page: undefined })}
        />
      )}
    </Stack>
  );
}
