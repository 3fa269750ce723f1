import { useNotifications } from '@mantine/notifications';
import { Suspense, useState } from 'react';
import { lazyComponent } from '../../ui/lazy-component';

// Mantine's Notifications component brings its transitions and react-remove-scroll (about 13 KB of
// gzip) to every screen; the store behind `notifications.show` is tiny. The component is fetched
// when there is a first notification to show, and stays.
const Notifications = lazyComponent(() => import('./NotificationsView').then((m) => m.NotificationsView));

/** Where the back-office's notifications appear (top right), drawn from the first one on. */
export function NotificationsHost() {
  const shown = useNotifications().notifications.length;
  const [needed, setNeeded] = useState(false);
  if (shown > 0 && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  ) : null;
}
