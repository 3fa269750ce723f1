import { Alert, Anchor, Burger, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from '@tanstack/react-router';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { entityByResource } from '../../../shared/entities';
import { conflictedEdits } from '../../pwa/conflicted-edits';
import { meQuery } from '../api/admin-queries';
import { AdminNav } from './AdminNav';
import { ColorSchemeChoice } from './color-scheme';
import { PendingSavesIndicator, useLandingToasts } from '../outbox/PendingSaves';
import { PendingUploadsIndicator } from '../outbox/PendingUploads';
import { ProfileMenu } from './ProfileMenu';
import { NotificationBell } from '../notifications/NotificationBell';
import { useLogout } from './useLogout';
import { SignOutDialog } from './SignOutDialog';
import { useAdminText } from '../i18n';

/**
 * Scroll locking (a Mantine modal's react-remove-scroll) moves an element with this class in by
 * the scrollbar it hides, so the fixed header does not widen under an open dialog. The name is
 * react-remove-scroll-bar's `zeroRightClassName`, the one Mantine's AppShell header carries.
 */
const KEEP_CLEAR_OF_SCROLLBAR = 'right-scroll-bar-position';

/**
 * The signed-in frame: navbar with the 'Admin' label and profile menu, sidebar (a drawer on phones).
 * Drawn by admin.css (`.admin-frame`), not Mantine's AppShell: AppShell brings its resizing,
 * footer and aside code and, through its header, react-remove-scroll to every signed-in screen,
 * for a layout a few rules draw.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useAdminText();
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = useLogout();
  const navId = useId();
  useLandingToasts();
  return (
    <div className="admin-frame" data-nav-opened={opened || undefined}>
      <header className={`admin-frame-header ${KEEP_CLEAR_OF_SCROLLBAR}`}>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('shell.toggleNav')}
              aria-expanded={opened}
              aria-controls={navId}
            />
            <Text fw={700} size="lg">
              {t('shell.admin')}
            </Text>
          </Group>
          <Group gap="sm">
            <PendingSavesIndicator />
            <PendingUploadsIndicator />
            <NotificationBell />
            <ColorSchemeChoice />
            <ProfileMenu onLogout={logout.request} />
          </Group>
        </Group>
      </header>
      <div className="admin-frame-nav" id={navId}>
        <AdminNav onNavigate={close} onLogout={logout.request} />
      </div>
      <main className="admin-frame-main">
        <TwoFactorReminder />
        <ConflictedEditsReminder />
        {children}
        <SignOutDialog logout={logout} />
      </main>
    </div>
  );
}

/** Until a user whose role requires two-factor sign-in has set it up, every screen says where to do it. */
function TwoFactorReminder() {
  const { t } = useAdminText();
  const me = useQuery(meQuery);
  const { pathname } = useLocation();
  const state = me.data?.two_factor as { enabled: boolean; required: boolean } | undefined;
  if (!state?.required || state.enabled || pathname === '/admin/account') return null;
  return (
    <Alert color="yellow" mb="md" role="status" title={t('shell.twoFactor.title')}>
      {t('shell.twoFactor.text')}{' '}
      <Anchor component={Link} to="/admin/account">
        {t('shell.twoFactor.link')}
      </Anchor>
      .
    </Alert>
  );
}

/** Edits made offline that someone else's save overtook: each waits on this device for its form. */
function ConflictedEditsReminder() {
  const { t, term } = useAdminText();
  const { pathname } = useLocation();
  const edits = conflictedEdits()
    .map((edit) => ({ edit, def: entityByResource(edit.resource) }))
    .filter(({ edit, def }) => def && pathname !== `/admin/${def.adminPath}/form/${edit.id}`);
  if (edits.length === 0) return null;
  return (
    <Alert color="orange" mb="md" role="status" title={t('shell.conflicts.title')}>
      {t('shell.conflicts.text')}{' '}
      {edits.map(({ edit, def }, index) => (
        <span key={`${edit.resource}/${edit.id}`}>
          {index > 0 && ', '}
          <Anchor component={Link} to={`/admin/${def!.adminPath}/form/${edit.id}`}>
            {`${term(def!.formTitle)} #${edit.id}`}
          </Anchor>
        </span>
      ))}
    </Alert>
  );
}
