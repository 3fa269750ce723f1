/**
 * System → API tokens: make a named token for the site you are working in (a role's rights, or only
 * its reads, and an optional expiry), copy it once, see when each was last used, revoke one.
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
import dayjs from 'dayjs';
import { useState } from 'react';
import type { AnswerOf } from '../../../shared/api/client';
import { ROLE_CHOICES, type Role } from '../../../shared/entities';
import { adminCall } from '../api/admin-call';
import { DeleteDialog } from '../list/DeleteDialog';
import { QueryState } from '../QueryState';
import { DataTable } from '../list/DataTable';

type TokenList = AnswerOf<'tokens.list'>;
type Token = NonNullable<NonNullable<TokenList['data']>['data']>[number];
type Made = NonNullable<AnswerOf<'tokens.create', 201>['data']>;

const tokensQuery = queryOptions({
  queryKey: ['admin', 'api-tokens'] as const,
  queryFn: ({ signal }) => adminCall<TokenList>('api-tokens?size=100', { signal }).then((answer) => answer.data?.data ?? []),
  meta: { failureTitle: 'Loading the API tokens failed' },
});

const STATUS_COLOR = { active: 'green', expired: 'gray', revoked: 'red' } as const;
const when = (at: string | null | undefined) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : 'Never');

function MakeToken({ onMade }: { onMade: (made: Made) => void }) {
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
      aria-label="Make a token"
      onSubmit={(event) => {
        event.preventDefault();
        make.mutate();
      }}
    >
      <Stack gap="md">
        <Title order={2} size="h4">
          Make a token
        </Title>
        {make.isError && (
          <Alert color="red" role="alert" title="No token made">
            {make.error.message}
          </Alert>
        )}
        <Group align="flex-start" grow>
          <TextInput
            label="Name"
            description="What uses it, e.g. “Mobile app”: the activity log names its work so."
            required
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
          />
          <Select
            label="Rights"
            description="A role’s rights on this site. Users, tokens and security stay out of reach."
            data={ROLE_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
            value={role}
            onChange={(value) => setRole((value as Role | null) ?? 'viewer')}
            allowDeselect={false}
            error={errors.role}
          />
        </Group>
        <Group align="flex-end">
          <TextInput
            type="date"
            label="Expires on"
            description="Left empty, it works until revoked."
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.currentTarget.value)}
            error={errors.expires_at}
            w={220}
          />
          <Switch
            label="Read only"
            description="Only the role’s reads"
            checked={readOnly}
            onChange={(event) => setReadOnly(event.currentTarget.checked)}
          />
        </Group>
        <Group>
          <Button type="submit" loading={make.isPending}>
            Make token
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The token, once: after this it exists only as a hash on the server. */
function ShownOnce({ made, onDone }: { made: Made; onDone: () => void }) {
  return (
    <Alert color="green" title={`Token “${made.name}” made: copy it now`} role="status">
      <Stack gap="xs">
        <Text size="sm">It is shown only this once. Send it as “Authorization: Bearer …”.</Text>
        <Code block aria-label="The new token">
          {made.token}
        </Code>
        <Group>
          <CopyButton value={made.token ?? ''}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy} variant={copied ? 'filled' : 'light'}>
                {copied ? 'Copied' : 'Copy token'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function TokenTable({ tokens }: { tokens: Token[] }) {
  const queryClient = useQueryClient();
  const [revoking, setRevoking] = useState<Token | null>(null);
  const revoke = useMutation({
    mutationFn: (token: Token) => adminCall(`api-tokens/${token.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      setRevoking(null);
      notifications.show({ color: 'green', title: 'Revoked', message: 'The token no longer works.' });
      void queryClient.invalidateQueries({ queryKey: tokensQuery.queryKey });
    },
  });
  return (
    <>
      <DataTable
        label="API tokens"
        minWidth={720}
        rows={tokens}
        rowKey={(token) => token.id!}
        empty="No tokens yet."
        columns={[
          { key: 'name', label: 'Name', cell: (token) => token.name },
          { key: 'rights', label: 'Rights', cell: (token) => `${token.role ?? ''}${token.read_only ? ', read only' : ''}` },
          { key: 'expires', label: 'Expires', cell: (token) => (token.expires_at ? when(token.expires_at) : 'Never') },
          { key: 'used', label: 'Last used', cell: (token) => when(token.last_used_at) },
          { key: 'made', label: 'Made', cell: (token) => when(token.created_at) },
          {
            key: 'status',
            label: 'Status',
            cell: (token) => (
              <Badge color={STATUS_COLOR[token.status ?? 'active']} variant="light">
                {token.status}
              </Badge>
            ),
          },
          {
            key: 'actions',
            label: <VisuallyHidden>Actions</VisuallyHidden>,
            cell: (token) =>
              token.status !== 'revoked' && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setRevoking(token)}
                  aria-label={`Revoke ${token.name}`}
                >
                  Revoke
                </Button>
              ),
          },
        ]}
      />
      <DeleteDialog
        opened={revoking !== null}
        what="API token"
        label={revoking?.name ?? ''}
        consequence="Whatever uses it stops working at once. The list keeps it, marked revoked."
        confirmText="Revoke"
        deleting={revoke.isPending}
        errorMessage={revoke.isError ? revoke.error.message : null}
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
  const tokens = useQuery(tokensQuery);
  const [made, setMade] = useState<Made | null>(null);
  return (
    <Stack gap="md">
      <Title order={1}>API tokens</Title>
      <Text size="sm" c="dimmed">
        Keys for programs that read or write this site’s content: a mobile app, a second site, a static build. Each works on this
        site only, within its rights, with a limit of requests a minute.
      </Text>
      {made && <ShownOnce made={made} onDone={() => setMade(null)} />}
      <MakeToken onMade={setMade} />
      <QueryState query={tokens} label="the API tokens">
        {(rows) => <TokenTable tokens={rows} />}
      </QueryState>
    </Stack>
  );
}
