import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { meQuery } from '../api/admin-queries';
import { QueryState } from '../QueryState';
import { type Rights, useRights } from './rights';
import { useAdminText } from '../i18n';

/** A screen the user's role does not open: said plainly, with the way back. */
export function AdminForbidden({ role }: { role: unknown }) {
  const { t } = useAdminText();
  return (
    <Stack align="center" gap="md" py={80}>
      <Title order={1}>{t('rights.title')}</Title>
      <Text c="dimmed">{t('rights.text', { role: String(role ?? 'unknown') })}</Text>
      <Anchor component={Link} to="/admin/dashboard">
        {t('notFound.back')}
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
