/**
 * What a public route shows when its data is missing or its read failed. Screens render these
 * inside the layout's <main>, so the header and footer stay and the visitor can move on; when the
 * layout itself could not load (no site info), SiteShellError stands alone as the page's main.
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

export function SiteShellError(props: ErrorComponentProps) {
  return (
    <main>
      <SiteError {...props} />
    </main>
  );
}
