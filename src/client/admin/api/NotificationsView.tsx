import { Notifications } from '@mantine/notifications';

/** Mantine's notifications, loaded by NotificationsHost once there is one to show. */
export function NotificationsView() {
  return <Notifications position="top-right" />;
}
