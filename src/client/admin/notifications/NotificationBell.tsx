/**
 * The header's bell (issue #61): an icon and the unread count, on every back-office screen. Kept
 * to that: the list, its popover and its actions load the first time the bell is pressed
 * (NotificationList.tsx, through OnFirstPress), so the bell adds little to each screen's first load.
 */
import { ActionIcon, Indicator } from '@mantine/core';
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
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={unread > 0 ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
      >
        <Indicator disabled={unread === 0} label={adminNumber(unread)} size={16} offset={2} color="red">
          <IconBell size={20} stroke={1.6} aria-hidden />
        </Indicator>
      </ActionIcon>
    </OnFirstPress>
  );
}
