import { Divider, NavLink, Stack, Text } from '@mantine/core';
import {
  IconBriefcase,
  IconCategory,
  IconChartBar,
  IconComponents,
  IconExternalLink,
  IconFileText,
  IconHelpCircle,
  IconHistory,
  IconLayoutDashboard,
  IconLayoutRows,
  IconLibraryPhoto,
  IconLogout,
  IconMail,
  IconMenu2,
  IconMessage,
  IconNews,
  IconPhoto,
  IconPresentation,
  IconSettings,
  IconShare,
  IconShieldLock,
  IconUser,
  IconUsersGroup,
  IconWebhook,
  type Icon,
} from '@tabler/icons-react';
import { Link, useLocation } from '@tanstack/react-router';
import { useRights } from '../session/rights';
import { ADMIN_SCREENS, currentScreen, SCREEN_GROUPS } from './admin-screens';
import { UnreadMessagesBadge } from '../messages/message-read';
import { useAdminText } from '../i18n';

interface Props {
  onNavigate: () => void;
  onLogout: () => void;
}

/** Each screen's icon, by its path (a screen without one shows none). */
const ICONS: Record<string, Icon> = {
  dashboard: IconLayoutDashboard,
  'dashboard/social': IconChartBar,
  'app-setting': IconSettings,
  profile: IconUsersGroup,
  slider: IconPresentation,
  page: IconFileText,
  section: IconLayoutRows,
  widget: IconComponents,
  faq: IconHelpCircle,
  career: IconBriefcase,
  gallery: IconPhoto,
  media: IconLibraryPhoto,
  users: IconUser,
  social: IconShare,
  subscribers: IconMail,
  menus: IconMenu2,
  post: IconNews,
  'post-category': IconCategory,
  messages: IconMessage,
  webhooks: IconWebhook,
  activity: IconHistory,
  security: IconShieldLock,
};

export function AdminNav({ onNavigate, onLogout }: Props) {
  const { t, term } = useAdminText();
  const { pathname } = useLocation();
  const current = currentScreen(pathname);
  const rights = useRights();
  // Until the account is known, no screen is listed rather than screens the role may not open.
  const screens = rights ? ADMIN_SCREENS.filter((screen) => rights.can(screen.right.subject, screen.right.action)) : [];
  const sections = [undefined, ...SCREEN_GROUPS].map((group) => ({ group, screens: screens.filter((s) => s.group === group) }));
  return (
    <Stack component="nav" aria-label={t('nav.label')} gap={0} h="100%">
      {/* The browser's own scrolling: Mantine's ScrollArea would be code of its own for a list. */}
      <div className="admin-nav-screens">
        {sections
          .filter((section) => section.screens.length > 0)
          .map(({ group, screens: listed }) => (
            <div key={group ?? 'top'} role="group" aria-label={group ? term(group) : t('nav.dashboards')}>
              {group && (
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
                  {term(group)}
                </Text>
              )}
              {listed.map((screen) => {
                const ScreenIcon = ICONS[screen.path];
                return (
                  <NavLink
                    key={screen.path}
                    component={Link}
                    to={`/admin/${screen.path}`}
                    label={term(screen.label)}
                    leftSection={ScreenIcon && <ScreenIcon size={18} stroke={1.6} aria-hidden />}
                    rightSection={screen.inbox ? <UnreadMessagesBadge /> : undefined}
                    active={screen === current}
                    aria-current={screen === current ? 'page' : undefined}
                    onClick={onNavigate}
                  />
                );
              })}
            </div>
          ))}
      </div>
      <Divider my={4} />
      <NavLink
        component="a"
        href="/"
        target="_blank"
        rel="noopener"
        label={t('nav.viewSite')}
        leftSection={<IconExternalLink size={18} stroke={1.6} aria-hidden />}
      />
      <NavLink
        component="button"
        label={t('nav.logout')}
        c="var(--admin-danger-text)"
        leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
        onClick={onLogout}
      />
    </Stack>
  );
}
