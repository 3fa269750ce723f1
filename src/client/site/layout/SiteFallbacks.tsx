/**
 * What a public route shows when its data is missing or its read failed. Screens render these
 * inside the layout's <main>, so the header and footer stay and the visitor can move on; when the
 * layout itself could not load (no site info), SiteShellError stands alone as the page's main.
 */
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isOfflineError, OfflineScreen } from '../../pwa/OfflineScreen';
import { useSiteText } from '../../ui/site-text';
import { anchorLook, Container, QueryError, Stack, Text, Title } from '../ui';

/** 'Page Not Found 404' with a way back home. */
export function SiteNotFound() {
  const t = useSiteText();
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="gray.7">{t('notFound.text')}</Text>
        <Link to="/" {...anchorLook()}>
          {t('notFound.home')}
        </Link>
      </Stack>
    </Container>
  );
}

export function SiteError({ error }: ErrorComponentProps) {
  const t = useSiteText();
  const router = useRouter();
  const queryReset = useQueryErrorResetBoundary();
  const retry = () => {
    queryReset.reset();
    void router.invalidate();
  };
  // A page never read on this device, while offline, is not an error: say so kindly.
  if (isOfflineError(error)) return <OfflineScreen onRetry={retry} />;
  return (
    <Container size="sm" py={80}>
      <QueryError title={t('error.page')} error={error} onRetry={retry} />
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
