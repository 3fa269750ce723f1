/** Every failed call is told to the user (the spec's original only logged to the console). */
import { notifications } from '@mantine/notifications';
import { adminT } from '../i18n';

function reasonOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : adminT('toast.wentWrong');
}

/** One notification per `title`: a repeated failure replaces the previous one instead of stacking. */
export function notifyFailure(title: string, error: unknown): void {
  const id = `failure:${title}`;
  notifications.hide(id);
  notifications.show({ id, title, message: reasonOf(error), color: 'red', autoClose: 8000, withBorder: true });
}

/** Offline, once however many reads could not be made: what the screens show comes from this device. */
export function notifyOffline(): void {
  notifications.hide('offline');
  notifications.show({
    id: 'offline',
    title: adminT('toast.offline.title'),
    message: adminT('toast.offline.text'),
    color: 'yellow',
    autoClose: 8000,
  });
}
