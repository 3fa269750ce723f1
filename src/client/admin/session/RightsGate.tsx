import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { meQuery } from '../api/admin-queries';
import { QueryState } from '../QueryState';
import { type Rights, useRights } from './rights';

/** A screen the user's role does not open: said plainly, with the way back. */
export function AdminForbidden({ role }: { role: unknown }) {
  return (
    <Stack align="center" gap="md" py={80}>
      <Title order={1}>Not available to your role</Title>
      <Text c="dimmed">{`Your role (${String(role ?? 'unknown')}) does not give access to this screen. An admin can change your role.`}</Text>
      <Anchor component={Link} to="/admin/dashboard">
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}

/** Renders `children` once the user's rights are known and `allowed` says their role opens the screen. */
export function RightsGate({ allowed, children }: { allowed: (rights: Rights) => boolean; children: ReactNode }) {
  const me = useQuery(meQuery);
  const rights = useRights();
  if (!rights)
    return (
      <QueryState query={me} label="your account">
        {() => null}
      </QueryState>
    );
  return allowed(rights) ? children : <AdminForbidden role={rights.role} />;
}
