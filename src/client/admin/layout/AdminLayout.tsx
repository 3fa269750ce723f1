import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { AdminNav } from './AdminNav';
import { ProfileMenu } from './ProfileMenu';
import { useLogout } from './useLogout';

/** The signed-in frame: navbar with the 'Admin' label and profile menu, sidebar (a drawer on phones). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = useLogout();
  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Text fw={700} size="lg">
              Admin
            </Text>
          </Group>
          <ProfileMenu onLogout={() => void logout()} />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <AdminNav onNavigate={close} onLogout={() => void logout()} />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
