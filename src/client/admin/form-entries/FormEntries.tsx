/**
 * One form's entries (issue 60): newest first, narrowed by the day they came and by new or read,
 * with how many are new; each opens on its own screen, which marks it read (RecordDetail). The
 * form's edit screen links here, and the dashboard counts the new entries of every form.
 */
import { Badge, Button, Card, Center, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DEFAULT_PAGE_SIZES, ENTITIES } from '../../../shared/entities';
import type { ListEnvelope } from '../../../shared/envelope';
import { adminCall } from '../api/admin-call';
import { entityRecordQuery } from '../api/entity-queries';
import { formatTime } from '../format-time';
import { useAdminText } from '../i18n';
import { DataTable } from '../list/DataTable';
import { ListFooter } from '../list/ListFooter';
import { LoadError } from '../QueryState';
import type { EntriesSearch } from './entries-search';
import { type Entry, entriesQuery } from './entry-queries';
import { DateRange } from '../DateRange';
import { SearchBar } from '../list/SearchBar';

/** The careers' titles, for "applied for" (the careers' own selector read). */
const careerTitlesQuery = queryOptions({
  queryKey: ['entities', 'careers', 'selector'] as const,
  queryFn: ({ signal }) =>
    adminCall<ListEnvelope<{ id: number; title: string }>>('careers', { signal, query: { size: 1000 } }).then(
      (r) => new Map(r.data.data.map((career) => [career.id, career.title])),
    ),
});

export function FormEntries({
  formId,
  search,
  onChange,
}: {
  formId: number;
  search: EntriesSearch;
  onChange: (next: EntriesSearch) => void;
}) {
  const { t } = useAdminText();
  const size = search.size && (DEFAULT_PAGE_SIZES as readonly number[]).includes(search.size) ? search.size : 25;
  const query = useQuery({ ...entriesQuery(formId, { ...search, size }), placeholderData: keepPreviousData });
  const form = useQuery(entityRecordQuery(ENTITIES.forms, String(formId)));
  const careers = useQuery(careerTitlesQuery);
  const page = query.data;
  const set = (change: Partial<EntriesSearch>) => onChange({ ...search, ...change, page: undefined });
  const title = String(form.data?.title ?? `#${formId}`);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Group gap="sm">
          <Title order={1}>{t('formEntries.title', { form: title })}</Title>
          {page && page.unread > 0 && (
            <Badge color="indigo.8" data-testid="new-entries">
              {t('formEntries.new', { count: page.unread })}
            </Badge>
          )}
        </Group>
        <Button component={Link} to="/admin/form-entries" variant="default">
          {t('formEntries.allForms')}
        </Button>
      </Group>
      <Group align="end" gap="sm" wrap="wrap">
        <DateRange from={search.from} to={search.to} onChange={set} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('formEntries.shown')}
          </Text>
          <SegmentedControl
            value={search.read ?? 'all'}
            onChange={(value) => set({ read: value === 'read' || value === 'unread' ? value : undefined })}
            data={[
              { value: 'all', label: t('formEntries.all') },
              { value: 'unread', label: t('formEntries.unread') },
              { value: 'read', label: t('formEntries.read') },
            ]}
          />
        </Stack>
      </Group>
      <SearchBar
        label={t('list.search', { what: t('formEntries.list') })}
        value={search.search ?? ''}
        onSearch={(text) => set({ search: text || undefined })}
        onClear={() => set({ search: undefined })}
      />
      <Card withBorder padding={0}>
        {query.isError ? (
          <LoadError label={t('formEntries.list')} error={query.error} onRetry={() => void query.refetch()} m="md" />
        ) : !page ? (
          <Center py="xl">
            <Loader aria-label={t('state.loading', { what: t('formEntries.list') })} />
          </Center>
        ) : (
          <DataTable
            label={t('formEntries.title', { form: title })}
            columns={[
              {
                key: 'received',
                label: t('formEntries.received'),
                style: { whiteSpace: 'nowrap' },
                cell: (entry: Entry) => formatTime(entry.created_at, 'YYYY-MM-DD HH:mm'),
              },
              {
                key: 'summary',
                label: t('formEntries.summary'),
                cell: (entry: Entry) => (
                  <Text size="sm" fw={entry.read_at ? undefined : 700}>
                    {entry.summary ?? '--'}
                  </Text>
                ),
              },
              { key: 'email', label: t('formEntries.email'), cell: (entry: Entry) => entry.email ?? '--' },
              {
                key: 'career',
                label: t('formEntries.appliedFor'),
                cell: (entry: Entry) => (entry.career_id ? (careers.data?.get(entry.career_id) ?? `#${entry.career_id}`) : '--'),
              },
              {
                key: 'status',
                label: t('formEntries.status'),
                cell: (entry: Entry) =>
                  entry.read_at ? (
                    <Badge variant="light" color="gray">
                      {t('formEntries.read')}
                    </Badge>
                  ) : (
                    <Badge color="indigo.8">{t('formEntries.unread')}</Badge>
                  ),
              },
              {
                key: 'open',
                label: '',
                cell: (entry: Entry) => (
                  <Button component={Link} to={`/admin/form-entries/form/${entry.id}`} size="xs" variant="light">
                    {t('formEntries.open')}
                  </Button>
                ),
              },
            ]}
            rows={page.data.data}
            rowKey={(entry) => entry.id}
            empty={t('list.empty')}
            minWidth={720}
          />
        )}
      </Card>
      {page && (
        <ListFooter
          currentPage={page.data.current_page}
          lastPage={page.data.last_page}
          size={size}
          total={page.data.total}
          pageSizes={DEFAULT_PAGE_SIZES}
          onPage={(p) => onChange({ ...search, page: p })}
          onSize={(s) => onChange({ ...search, size: s, page: undefined })}
        />
      )}
    </Stack>
  );
}
