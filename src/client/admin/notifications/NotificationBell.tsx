/**
 * The header's bell (issue #61): an icon and the unread count, on every back-office screen. Kept
 * to that, and drawn with a plain button and a stylesheet's count (admin.css): the list, its
 * popover and its actions load the first time the bell is pressed (NotificationList.tsx, through
 * OnFirstPress), so the bell adds little to each screen's first load, which has a budget.
 */
import { UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazyComponent } from '../../ui/lazy-component';
import { adminNumber, useAdminText } from '../i18n';
import { OnFirstPress } from '../layout/OnFirstPress';
import { notificationsQuery } from './notification-queries';

const List = lazyComponent(() => import('./NotificationList').then((m) => m.NotificationList));

export function NotificationBell() {
  const { t } = useAdminText();
  const unread = useQuery(notificationsQuery).data?.unread ?? 0;
  return (
    <OnFirstPress dropdown={List} props={{}}>
      <UnstyledButton className="admin-bell" aria-label={t('notifications.bell', { count: unread })}>
        <IconBell size={20} aria-hidden />
        {unread > 0 && (
          <span className="admin-bell-count" aria-hidden>
            {adminNumber(unread)}
          </span>
        )}
      </UnstyledButton>
    </OnFirstPress>
  );
}
