/**
 * What a public route shows when its data is missing or its read failed. Both render inside the
 * layout's <main>, so the header and footer stay and the visitor can move on.
 */
import { Container } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { NotFoundMessage } from '../../ui/NotFound';
import { QueryError } from '../../ui/QueryError';

export function SiteNotFound() {
  return <NotFoundMessage />;
}

export function SiteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  return (
    <Container size="sm" py={80}>
      <QueryError
        title="This page could not be loaded."
        error={error}
        onRetry={() => {
          queryReset.reset();
          void router.invalidate();
        }}
      />
    </Container>
  );
}
