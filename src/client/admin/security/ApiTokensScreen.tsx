/**
 * System → API tokens: make a named token for the site you are working in (a role's rights, or only
 * its reads, and an end: LIMITS.apiToken's default when none is chosen, never beyond its maximum),
 * copy it once, see when each was last used and when it ends, renew or revoke one.
 * The rows are typed from the generated API types (shared/api/schema.ts), the server's own document.
 */
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '../format-time';
import { useState } from 'react';
import type { AnswerOf } from '../../../shared/api/client';
import { ROLE_CHOICES, type Role } from '../../../shared/entities';
import { LIMITS } from '../../../shared/limits';
import { adminCall } from '../api/admin-call';
import { notifyFailure } from '../api/notify';
import { DeleteDialog } from '../list/DeleteDialog';
import { QueryState } from '../QueryState';
import { DataTable } from '../list/DataTable';
import { useAdminText, adminT } from '../i18n';

type TokenList = AnswerOf<'tokens.list'>;
type Token = NonNullable<NonNullable<TokenList['data']>['data']>[number];
type Made = NonNullable<AnswerOf<'tokens.create', 201>['data']>;

const tokensQuery = queryOptions({
  queryKey: ['admin', 'api-tokens'] as const,
  queryFn: ({ signal }) => adminCall<TokenList>('api-tokens?size=100', { signal }).then((answer) => answer.data?.data ?? []),
  meta: { failureTitle: 'Loading the API tokens failed' },
});

const STATUS_COLOR = { active: 'green', expired: 'gray', revoked: 'red' } as const;
const when = (at: string | null | undefined) => (at ? formatTime(at, 'YYYY-MM-DD HH:mm') : adminT('tokens.never'));
const DAY_MS = 86_400_000;
/** The last day the date field offers: a day ending within the server's maximum lifetime, in local time. */
const lastDay = () => formatTime(Date.now() + (LIMITS.apiToken.maxDays - 1) * DAY_MS, 'YYYY-MM-DD');

function MakeToken({ onMade }: { onMade: (made: Made) => void }) {
  const { t, term, message } = useAdminText();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [readOnly, setReadOnly] = useState(false);
  const [expiresOn, setExpiresOn] = useState('');
  const make = useMutation({
    mutationFn: () =>
      adminCall<AnswerOf<'tokens.create', 201>>('api-tokens', {
        method: 'POST',
        body: {
          name,
          role,
          read_only: readOnly,
          // The end of the chosen day, in the admin's own time zone.
          expires_at: expiresOn ? new Date(`${expiresOn}T23:59:59`).toISOString() : null,
        },
      }).then((answer) => answer.data!),
    onSuccess: (made) => {
      // The form empties only once the token is made: a refusal keeps what was typed.
      setName('');
      setExpiresOn('');
      onMade(made);
      void queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey });
    },
  });
  const errors = (make.error as { errors?: Record<string, string> } | null)?.errors ?? {};
  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      aria-label={t('tokens.make')}
      onSubmit={(event) => {
        event.preventDefault();
        make.mutate();
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('tokens.make')}
        </Title>
        {make.isError && (
          <Alert color="red" role="alert" title={t('tokens.notMade')}>
            {message(make.error.message)}
          </Alert>
        )}
        <Group align="flex-start" grow>
          <TextInput
            label={term('Name')}
            description={t('tokens.nameHint')}
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <Select
            label={t('tokens.rights')}
            description={t('tokens.rightsHint')}
            data={ROLE_CHOICES.map((choice) => ({ value: choice.value, label: term(choice.label) }))}
            value={role}
            onChange={(value) => setRole((value as Role | null) ?? 'viewer')}
            allowDeselect={false}
            error={errors.role}
          />
        </Group>
        <Group align="flex-end">
          <TextInput
            type="date"
            label={t('tokens.expiresOn')}
            description={t('tokens.expiresHint', { days: LIMITS.apiToken.defaultDays, max: LIMITS.apiToken.maxDays })}
            max={lastDay()}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.currentTarget.value)}
            error={errors.expires_at}
            w={220}
          />
          <Switch
            label={t('tokens.readOnly')}
            description={t('tokens.readOnlyHint')}
            checked={readOnly}
            onChange={(event) => setReadOnly(event.currentTarget.checked)}
          />
        </Group>
        <Group>
          <Button type="submit" loading={make.isPending}>
            {t('tokens.makeButton')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The token, once: after this it exists only as a hash on the server. */
function ShownOnce({ made, onDone }: { made: Made; onDone: () => void }) {
  const { t } = useAdminText();
  return (
    <Alert color="green" title={t('tokens.made', { name: made.name })} role="status">
      <Stack gap="xs">
        <Text size="sm">{t('tokens.once')}</Text>
        <Code block aria-label={t('tokens.newToken')}>
          {made.token}
        </Code>
        <Group>
          <CopyButton value={made.token ?? ''}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy} variant={copied ? 'filled' : 'light'}>
                {copied ? t('common.copied') : t('tokens.copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            {t('tokens.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function TokenTable({ tokens }: { tokens: Token[] }) {
  const { t, term, message } = useAdminText();
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<Token | null>(null);
  const revoke = useMutation({
    mutationFn: (token: Token) => adminCall(`api-tokens/${token.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setRevoking(null);
      notifications.show({ color: 'green', title: t('tokens.revoked'), message: t('tokens.revokedText') });
      void queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey });
    },
  });
  const renew = useMutation({
    mutationFn: (token: Token) =>
      adminCall<AnswerOf<'tokens.renew'>>(`api-tokens/${token.id}/renew`, { method: 'POST' }).then((answer) => answer.data!),
    onSuccess: (renewed) => {
      notifications.show({
        color: 'green',
        title: t('tokens.renewed'),
        message: t('tokens.renewedText', { name: renewed.name, until: when(renewed.expires_at) }),
      });
      void queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey });
    },
    onError: (error) => notifyFailure(t('tokens.notRenewed'), error),
  });
  return (
    <>
      <DataTable
        label={term('API tokens')}
        minWidth={720}
        rows={tokens}
        rowKey={(token) => token.id!}
        empty={t('tokens.none')}
        columns={[
          { key: 'name', label: term('Name'), cell: (token) => token.name },
          {
            key: 'rights',
            label: t('tokens.rights'),
            cell: (token) => `${token.role ?? ''}${token.read_only ? t('tokens.readOnlySuffix') : ''}`,
          },
          { key: 'expires', label: t('tokens.expires'), cell: (token) => when(token.expires_at) },
          { key: 'used', label: t('profile.lastUsed'), cell: (token) => when(token.last_used_at) },
          { key: 'made', label: t('tokens.madeAt'), cell: (token) => when(token.created_at) },
          {
            key: 'status',
            label: term('Status'),
            cell: (token) => (
              <Badge color={STATUS_COLOR[token.status ?? 'active']} variant="light">
                {token.status}
              </Badge>
            ),
          },
          {
            key: 'actions',
            label: <VisuallyHidden>{t('list.actions')}</VisuallyHidden>,
            cell: (token) => (
              <Group gap={4} wrap="nowrap">
                {token.status === 'active' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => renew.mutate(token)}
                    loading={renew.isPending && renew.variables?.id === token.id}
                    aria-label={t('tokens.renewLabel', { name: token.name })}
                  >
                    {t('tokens.renew')}
                  </Button>
                )}
                {token.status !== 'revoked' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => setRevoking(token)}
                    aria-label={t('tokens.revokeLabel', { name: token.name })}
                  >
                    {t('tokens.revoke')}
                  </Button>
                )}
              </Group>
            ),
          },
        ]}
      />
      <DeleteDialog
        opened={revoking !== null}
        what={t('tokens.what')}
        label={revoking?.name ?? ''}
        consequence={t('tokens.consequence')}
        confirmText={t('tokens.revoke')}
        deleting={revoke.isPending}
        errorMessage={revoke.isError ? message(revoke.error.message) : null}
        onClose={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() => revoking && revoke.mutate(revoking)}
      />
    </>
  );
}

/** API tokens of the site being worked on. Admins only. */
export function ApiTokensScreen() {
  const { t, term } = useAdminText();
  const tokens = useQuery(tokensQuery);
  const [made, setMade] = useState<Made | null>(null);
  return (
    <Stack gap="md">
      <Title order={1}>{term('API tokens')}</Title>
      <Text size="sm" c="dimmed">
        {t('tokens.intro')}
      </Text>
      {made && <ShownOnce made={made} onDone={() => setMade(null)} />}
      <MakeToken onMade={setMade} />
      <QueryState query={tokens} label={term('API tokens')}>
        {(rows) => <TokenTable tokens={rows} />}
      </QueryState>
    </Stack>
  );
}
