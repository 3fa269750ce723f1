import { Alert, type AlertProps, Button, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useAdminText } from './i18n';

interface Props<T> {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}

/** A read's three faces: spinner, the error with Retry (never an endless spinner), or the data. */
export function QueryState<T>({ query, label, children }: Props<T>) {
  const { t } = useAdminText();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <LoadError label={label} error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <Center py="xl">
      <Loader aria-label={t('state.loading', { what: label })} />
    </Center>
  );
}

/** A failed read: what failed, why, and Retry. */
export function LoadError({
  label,
  error,
  onRetry,
  ...alert
}: { label: string; error: Error; onRetry: () => void } & AlertProps) {
  const { t } = useAdminText();
  return (
    <Alert color="red" role="alert" title={t('state.failed', { what: label })} {...alert}>
      {error.message}
      <div>
        <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </div>
    </Alert>
  );
}
