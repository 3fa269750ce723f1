/** What a public form says after a submit: sent, kept on the device, or why it was not sent. */
import { Alert } from '@mantine/core';
import { SAVED_ON_DEVICE } from '../../../shared/public-forms';
import type { FormStatus as Status } from './usePublicForm';

interface Props {
  status: Status;
  sent: { title: string; text: string };
  message?: string;
  failedTitle: string;
  variant: 'light' | 'filled';
  compact?: boolean;
}

export function FormStatus({ status, sent, message, failedTitle, variant, compact }: Props) {
  const box = compact ? { mt: 'sm', p: 'xs' } : {};
  return (
    <div aria-live="polite">
      {status === 'sent' ? (
        <Alert color="green" variant={variant} title={compact ? undefined : sent.title} {...box}>
          {sent.text}
        </Alert>
      ) : null}
      {status === 'saved' ? (
        <Alert color="blue" variant={variant} title={compact ? undefined : 'Waiting for a connection'} {...box}>
          {SAVED_ON_DEVICE}
        </Alert>
      ) : null}
      {message ? (
        <Alert color="red" variant={variant} title={compact ? undefined : failedTitle} {...box}>
          {message}
        </Alert>
      ) : null}
    </div>
  );
}
