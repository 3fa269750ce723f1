/** Every failed call is told to the user (the spec's original only logged to the console). */
import { notifications } from '@mantine/notifications';

function reasonOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message ? message : 'Something went wrong.';
}

/** One notification per `title`: a repeated failure replaces the previous one instead of stacking. */
export function notifyFailure(title: string, error: unknown): void {
  const id = `failure:${title}`;
  notifications.hide(id);
  notifications.show({ id, title, message: reasonOf(error), color: 'red', autoClose: 8000, withBorder: true });
}
