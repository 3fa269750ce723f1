/**
 * What any screen shows when it failed to load and its own route had nothing better: above all, a
 * screen whose code this device has not kept (opened offline before the service worker kept it, or
 * a file an update replaced). It lives with the root route, in the app's first chunk, because a
 * split-off error screen could not be fetched either.
 */
import { Container } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isOfflineError, OfflineScreen } from '../pwa/OfflineScreen';
import { QueryError } from './QueryError';

/** An `import()` that found no file, in the browsers' words (Chromium, Firefox, Safari), or Vite's for its CSS. */
const MISSING_CODE = /dynamically imported module|Importing a module script failed|Unable to preload CSS/i;
export const isMissingCode = (error: unknown) => error instanceof Error && MISSING_CODE.test(error.message);

export function AppError({ error }: ErrorComponentProps) {
  const router = useRouter();
  const missingCode = isMissingCode(error);
  // A module that failed to load stays failed in this page: only a new page fetches it again.
  const retry = () => (missingCode ? window.location.reload() : void router.invalidate());
  if (isOfflineError(error) || (missingCode && !navigator.onLine)) return <OfflineScreen onRetry={retry} />;
  return (
    <Container size="sm" py={80}>
      <QueryError
        title="This screen could not be loaded."
        error={missingCode ? new Error('Please reload the page.') : error}
        onRetry={retry}
      />
    </Container>
  );
}
