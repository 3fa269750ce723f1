import { NavLink, ScrollArea, Stack } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { useRights } from '../session/rights';
import { ADMIN_SCREENS, currentScreen } from './admin-screens';
import { UnreadMessagesBadge } from '../messages/message-read';

interface Props {
  onNavigate: () => void;
  onLogout: () => void;
}

export function AdminNav({ onNavigate, onLogout }: Props) {
  const { pathname } = useLocation();
  const current = currentScreen(pathname);
  const rights = useRights();
  // Until the account is known, no screen is listed rather than screens the role may not open.
  const screens = rights ? ADMIN_SCREENS.filter((screen) => rights.can(screen.right.subject, screen.right.action)) : [];
  return (
    <Stack component="nav" aria-label="Admin screens" gap={0} h="100%">
      <ScrollArea style={{ flex: 1 }}>
        {screens.map((screen) => (
          <NavLink
            key={screen.path}
            component={Link}
            to={`/admin/${screen.path}`}
            label={screen.label}
            rightSection={screen.path === 'messages' ? <UnreadMessagesBadge /> : undefined}
            active={screen === current}
            aria-current={screen === current ? 'page' : undefined}
            onClick={onNavigate}
          />
        ))}
      </ScrollArea>
      <NavLink component="button" label="Logout" c="red.9" onClick={onLogout} />
    </Stack>
  );
}
