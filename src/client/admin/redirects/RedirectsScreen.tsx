/**
 * System → Redirects (admins only): the site's redirects with their hits, a form to add or edit
 * one, CSV import and export (`from,to,code`), and the 404 log, whose rows open the form with
 * their address as `from`. The rules (same-site paths, no loops, chains followed to their end)
 * are the server's (content/redirects.ts); its refusals are shown on the field they name.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Pagination,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AnswerOf } from '../../../shared/api/client';
import { adminCall } from '../api/admin-call';
import { downloadCsvFrom } from '../api/entity-writes';
import { notifyFailure } from '../api/notify';
import { formatTime } from '../format-time';
import { useAdminText } from '../i18n';
import { DataTable } from '../list/DataTable';
import { DeleteDialog } from '../list/DeleteDialog';
import { QueryState } from '../QueryState';

type RedirectList = AnswerOf<'redirects.list'>;
type Redirect = NonNullable<NonNullable<RedirectList['data']>['data']>[number];
type NotFoundList = AnswerOf<'redirects.notFound'>;
type Missing = NonNullable<NonNullable<NotFoundList['data']>['data']>[number];

const PAGE_SIZE = 50;
const CODES = ['301', '302', '410'] as const;

const redirectsQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'redirects', page] as const,
    queryFn: ({ signal }) =>
      adminCall<RedirectList>(`redirects?size=${PAGE_SIZE}&page=${page}`, { signal }).then((answer) => answer.data!),
    meta: { failureTitle: 'Loading the redirects failed' },
  });

const notFoundQuery = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'redirects', 'not-found', page] as const,
    queryFn: ({ signal }) =>
      adminCall<NotFoundList>(`redirects/not-found?size=${PAGE_SIZE}&page=${page}`, { signal }).then((answer) => answer.data!),
    meta: { failureTitle: 'Loading the 404 log failed' },
  });

/** What the form holds: a new redirect, or the one being edited (`id`). */
interface Draft {
  id?: number;
  from: string;
  to: string;
  code: (typeof CODES)[number];
}
const EMPTY: Draft = { from: '', to: '', code: '301' };

const when = (at: string | null | undefined, never: string) => (at ? formatTime(at, 'YYYY-MM-DD HH:mm') : never);

function RedirectForm({ draft, onChange, onDone }: { draft: Draft; onChange: (draft: Draft) => void; onDone: () => void }) {
  const { t, message } = useAdminText();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: () =>
      adminCall(draft.id === undefined ? 'redirects' : `redirects/${draft.id}`, {
        method: draft.id === undefined ? 'POST' : 'PUT',
        body: { from: draft.from, to: draft.code === '410' ? null : draft.to, code: Number(draft.code) },
      }),
    onSuccess: () => {
      notifications.show({ color: 'green', title: t('redirects.saved'), message: draft.from });
      onDone();
      void queryClient.invalidateQueries({ queryKey: ['admin', 'redirects'] });
    },
  });
  const errors = (save.error as { errors?: Record<string, string> } | null)?.errors ?? {};
  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      aria-label={draft.id === undefined ? t('redirects.add') : t('redirects.edit')}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {draft.id === undefined ? t('redirects.add') : t('redirects.edit')}
        </Title>
        {save.isError && (
          <Alert color="red" role="alert" title={t('redirects.notSaved')}>
            {message(save.error.message)}
          </Alert>
        )}
        <Group align="flex-start" grow>
          <TextInput
            label={t('redirects.from')}
            description={t('redirects.fromHint')}
            required
            maxLength={500}
            value={draft.from}
            onChange={(event) => onChange({ ...draft, from: event.currentTarget.value })}
            error={errors.from}
          />
          <TextInput
            label={t('redirects.to')}
            description={t('redirects.toHint')}
            required={draft.code !== '410'}
            disabled={draft.code === '410'}
            maxLength={500}
            value={draft.code === '410' ? '' : draft.to}
            onChange={(event) => onChange({ ...draft, to: event.currentTarget.value })}
            error={errors.to}
          />
          <Select
            label={t('redirects.code')}
            data={CODES.map((code) => ({ value: code, label: t(`redirects.code${code}`) }))}
            value={draft.code}
            onChange={(value) => onChange({ ...draft, code: (value as Draft['code'] | null) ?? '301' })}
            allowDeselect={false}
            error={errors.code}
          />
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('redirects.save')}
          </Button>
          {(draft.id !== undefined || draft.from !== '') && (
            <Button
              variant="default"
              onClick={() => {
                save.reset();
                onDone();
              }}
            >
              {t('redirects.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function ImportExport() {
  const { t, message } = useAdminText();
  const queryClient = useQueryClient();
  const importCsv = useMutation({
    mutationFn: async (file: File) =>
      adminCall<AnswerOf<'redirects.import'>>('redirects/import', { method: 'POST', body: { csv: await file.text() } }).then(
        (answer) => answer.data!,
      ),
    onSuccess: (done) => {
      notifications.show({
        color: 'green',
        title: t('redirects.imported'),
        message: t('redirects.importedText', { count: done.imported ?? 0 }),
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'redirects'] });
    },
  });
  return (
    <Stack gap="xs">
      <Group>
        <FileButton accept=".csv,text/csv" onChange={(file) => file && importCsv.mutate(file)}>
          {(props) => (
            <Button variant="default" loading={importCsv.isPending} {...props}>
              {t('redirects.import')}
            </Button>
          )}
        </FileButton>
        <Button
          variant="default"
          onClick={() =>
            void downloadCsvFrom('redirects/export.csv', 'redirects').catch((error: unknown) =>
              notifyFailure(t('list.exportFailed'), error),
            )
          }
        >
          {t('list.exportCsv')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('redirects.csvHint')}
        </Text>
      </Group>
      {importCsv.isError && (
        <Alert color="red" role="alert" title={t('redirects.notImported')}>
          {message(importCsv.error.message)}
        </Alert>
      )}
    </Stack>
  );
}

function RedirectTable({ rows, onEdit }: { rows: Redirect[]; onEdit: (row: Redirect) => void }) {
  const { t, message } = useAdminText();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<Redirect | null>(null);
  const remove = useMutation({
    mutationFn: (row: Redirect) => adminCall(`redirects/${row.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'redirects'] });
    },
  });
  return (
    <>
      <DataTable
        label={t('redirects.title')}
        minWidth={760}
        rows={rows}
        rowKey={(row) => row.id!}
        empty={t('redirects.none')}
        columns={[
          { key: 'from', label: t('redirects.from'), cell: (row) => row.from },
          { key: 'to', label: t('redirects.to'), cell: (row) => row.to ?? '—' },
          {
            key: 'code',
            label: t('redirects.code'),
            cell: (row) => (
              <Badge color={row.code === 410 ? 'gray' : row.code === 302 ? 'yellow' : 'blue'} variant="light">
                {row.code}
              </Badge>
            ),
          },
          { key: 'hits', label: t('redirects.hits'), cell: (row) => row.hits },
          { key: 'last', label: t('redirects.lastHit'), cell: (row) => when(row.last_hit_at, t('tokens.never')) },
          {
            key: 'made',
            label: t('redirects.madeBy'),
            cell: (row) => (row.automatic ? t('redirects.automatic') : t('redirects.staff')),
          },
          {
            key: 'actions',
            label: <VisuallyHidden>{t('list.actions')}</VisuallyHidden>,
            cell: (row) => (
              <Group gap={4} wrap="nowrap">
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => onEdit(row)}
                  aria-label={t('list.editLabel', { label: row.from })}
                >
                  {t('list.edit')}
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setRemoving(row)}
                  aria-label={t('list.deleteLabel', { label: row.from })}
                >
                  {t('list.delete')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <DeleteDialog
        opened={removing !== null}
        what={t('redirects.what')}
        label={removing?.from ?? ''}
        consequence={t('redirects.consequence')}
        deleting={remove.isPending}
        errorMessage={remove.isError ? message(remove.error.message) : null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() => removing && remove.mutate(removing)}
      />
    </>
  );
}

function Pages({ total, page, onPage }: { total: number; page: number; onPage: (page: number) => void }) {
  const pages = Math.ceil(total / PAGE_SIZE);
  return pages > 1 ? <Pagination total={pages} value={page} onChange={onPage} size="sm" /> : null;
}

function NotFoundLog({ onRedirect }: { onRedirect: (path: string) => void }) {
  const { t } = useAdminText();
  const [page, setPage] = useState(1);
  const log = useQuery({ ...notFoundQuery(page), placeholderData: keepPreviousData });
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('redirects.notFoundIntro')}
      </Text>
      <QueryState query={log} label={t('redirects.notFound')}>
        {(answer) => (
          <>
            <DataTable
              label={t('redirects.notFound')}
              minWidth={640}
              rows={answer.data ?? []}
              rowKey={(row: Missing) => row.id!}
              empty={t('redirects.noneMissing')}
              columns={[
                { key: 'path', label: t('redirects.path'), cell: (row) => row.path },
                { key: 'hits', label: t('redirects.hits'), cell: (row) => row.hits },
                { key: 'seen', label: t('redirects.lastSeen'), cell: (row) => when(row.last_seen, '') },
                { key: 'referrer', label: t('redirects.referrer'), cell: (row) => row.referrer_host ?? '—' },
                {
                  key: 'actions',
                  label: <VisuallyHidden>{t('list.actions')}</VisuallyHidden>,
                  cell: (row) => (
                    <Button
                      size="xs"
                      variant="subtle"
                      onClick={() => onRedirect(row.path ?? '')}
                      aria-label={t('redirects.makeLabel', { path: row.path })}
                    >
                      {t('redirects.make')}
                    </Button>
                  ),
                },
              ]}
            />
            <Pages total={answer.total ?? 0} page={page} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** Redirects and the 404 log of the site being worked on. Admins only. */
export function RedirectsScreen() {
  const { t } = useAdminText();
  const [tab, setTab] = useState<string | null>('redirects');
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [page, setPage] = useState(1);
  const redirects = useQuery({ ...redirectsQuery(page), placeholderData: keepPreviousData });
  return (
    <Stack gap="md">
      <Title order={1}>{t('redirects.title')}</Title>
      <Text size="sm" c="dimmed">
        {t('redirects.intro')}
      </Text>
      {/* A tab not shown is not drawn: its list is read when it is opened, and no hidden loader waits. */}
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="redirects">{t('redirects.title')}</Tabs.Tab>
          <Tabs.Tab value="not-found">{t('redirects.notFound')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="redirects" pt="md">
          <Stack gap="md">
            <RedirectForm key={draft.id ?? 'new'} draft={draft} onChange={setDraft} onDone={() => setDraft(EMPTY)} />
            <ImportExport />
            <QueryState query={redirects} label={t('redirects.title')}>
              {(answer) => (
                <>
                  <RedirectTable
                    rows={answer.data ?? []}
                    onEdit={(row) =>
                      setDraft({ id: row.id, from: row.from ?? '', to: row.to ?? '', code: String(row.code) as Draft['code'] })
                    }
                  />
                  <Pages total={answer.total ?? 0} page={page} onPage={setPage} />
                </>
              )}
            </QueryState>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="not-found" pt="md">
          <NotFoundLog
            onRedirect={(path) => {
              setDraft({ ...EMPTY, from: path });
              setTab('redirects');
            }}
          />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
