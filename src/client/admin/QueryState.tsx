import { Alert, Button, Center, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

interface Props<T> {
  query: UseQueryResult<T>;
  label: string;
  children: (data: T) => ReactNode;
}

/** A read's three faces: spinner, the error with Retry (never an endless spinner), or the data. */
export function QueryState<T>({ query, label, children }: Props<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={`Could not load ${label}`}>
        {query.error.message}
        <div>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Retry
          </Button>
        </div>
      </Alert>
    );
  }
  return (
    <Center py="xl">
      <Loader aria-label={`Loading ${label}`} />
    </Center>
  );
}
