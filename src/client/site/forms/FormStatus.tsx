/** What a public form says after a submit: sent, kept on the device, or why it was not sent. */
import type { FormStatus as Status } from './usePublicForm';
import { useSiteText } from '../../ui/site-text';
import { Alert } from '../ui';

interface Props {
  status: Status;
  sent: { title: string; text: string };
  message?: string;
  failedTitle: string;
  variant: 'light' | 'filled';
  compact?: boolean;
}

export function FormStatus({ status, sent, message, failedTitle, variant, compact }: Props) {
  const t = useSiteText();
  return (
    <div aria-live="polite">
      {status === 'sent' ? (
        <Alert color="green" variant={variant} title={compact ? undefined : sent.title} compact={compact}>
          {sent.text}
        </Alert>
      ) : null}
      {status === 'saved' ? (
        <Alert color="blue" variant={variant} title={compact ? undefined : t('form.waiting.title')} compact={compact}>
          {t('form.savedOnDevice')}
        </Alert>
      ) : null}
      {message ? (
        <Alert color="red" variant={variant} title={compact ? undefined : failedTitle} compact={compact}>
          {message}
        </Alert>
      ) : null}
    </div>
  );
}
