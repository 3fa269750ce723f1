import { Divider, NavLink, Stack, UnstyledButton } from '@mantine/core';
import {
  IconArrowForwardUp,
  IconBriefcase,
  IconCategory,
  IconChartBar,
  IconChevronDown,
  IconChevronRight,
  IconComponents,
  IconExternalLink,
  IconFileText,
  IconHelpCircle,
  IconHistory,
  IconKey,
  IconRoute,
  IconUserSearch,
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
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useRights } from '../session/rights';
import { ADMIN_SCREENS, currentScreen, SCREEN_GROUPS, type ScreenGroup } from './admin-screens';
import { useOpenGroups } from './nav-groups';
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
  'api-tokens': IconKey,
  redirects: IconArrowForwardUp,
  flows: IconRoute,
  people: IconUserSearch,
};

export function AdminNav({ onNavigate, onLogout }: Props) {
  const { t, term } = useAdminText();
  const { pathname } = useLocation();
  const current = currentScreen(pathname);
  const rights = useRights();
  const [isOpen, toggleGroup] = useOpenGroups(current?.group);
  const scroller = useRef<HTMLDivElement>(null);
  const moreBelow = useMoreBelow(scroller);
  // Until the account is known, no screen is listed rather than screens the role may not open.
  const screens = rights ? ADMIN_SCREENS.filter((screen) => rights.can(screen.right.subject, screen.right.action)) : [];
  const sections = [undefined, ...SCREEN_GROUPS].map((group) => ({ group, screens: screens.filter((s) => s.group === group) }));
  const link = (screen: (typeof screens)[number]) => {
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
  };
  return (
    <Stack component="nav" aria-label={t('nav.label')} gap={0} h="100%" className="admin-nav">
      <div className="admin-nav-frame">
        {/* The browser's own scrolling: Mantine's ScrollArea would be code of its own for a list. */}
        <div className="admin-nav-screens" ref={scroller}>
          {sections
            .filter((section) => section.screens.length > 0)
            .map(({ group, screens: listed }) =>
              group ? (
                <NavGroup
                  key={group}
                  group={group}
                  label={term(group)}
                  open={isOpen(group)}
                  onToggle={toggleGroup}
                  // A closed section still says that messages wait inside it.
                  badge={listed.some((screen) => screen.inbox) ? <UnreadMessagesBadge /> : undefined}
                >
                  {listed.map(link)}
                </NavGroup>
              ) : (
                <div key="top" role="group" aria-label={t('nav.dashboards')}>
                  {listed.map(link)}
                </div>
              ),
            )}
        </div>
        {/* The list goes on below the edge: a fade and an arrow say so (a phone hides scrollbars). */}
        <div className="admin-nav-more" data-visible={moreBelow || undefined} aria-hidden>
          <IconChevronDown size={16} stroke={2} />
        </div>
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

/**
 * A section of the sidebar that opens and closes, WordPress's and Directus's way: the section of the
 * screen shown opens by itself, the others keep what this person chose, and the chevron and
 * aria-expanded say which are open.
 */
function NavGroup(props: {
  group: ScreenGroup;
  label: string;
  open: boolean;
  onToggle: (group: ScreenGroup) => void;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const { group, label, open, onToggle, badge, children } = props;
  const id = `admin-nav-group-${group.toLowerCase()}`;
  return (
    <div role="group" aria-labelledby={`${id}-label`}>
      <UnstyledButton className="admin-nav-group" aria-expanded={open} aria-controls={id} onClick={() => onToggle(group)}>
        <span id={`${id}-label`}>{label}</span>
        {!open && badge}
        <IconChevronRight className="admin-nav-chevron" size={14} stroke={2} aria-hidden />
      </UnstyledButton>
      <div id={id} hidden={!open}>
        {children}
      </div>
    </div>
  );
}

/** Whether the element's content goes on below its visible edge (it scrolls and is not at its end). */
function useMoreBelow(ref: RefObject<HTMLElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const check = () => setMore(element.scrollHeight - element.scrollTop - element.clientHeight > 1);
    check();
    element.addEventListener('scroll', check, { passive: true });
    // The list grows when a section opens or the role's screens arrive, and shrinks with the window.
    const observer = new ResizeObserver(check);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    const mutations = new MutationObserver(() => {
      for (const child of element.children) observer.observe(child);
      check();
    });
    mutations.observe(element, { childList: true, subtree: true, attributes: true, attributeFilter: ['hidden'] });
    return () => {
      element.removeEventListener('scroll', check);
      observer.disconnect();
      mutations.disconnect();
    };
  }, [ref]);
  return more;
}
