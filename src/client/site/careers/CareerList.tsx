/**
 * The career page's 'Career Page' block. The spec's original showed only a placeholder; visitors
 * expect the openings there, so it lists the published ones (GET /cms/careers).
 */
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../ui/display';
import { Card, Container, Loader, QueryError, SimpleGrid, Stack, Text, Title } from '../ui';
import { careersQuery } from '../api/queries';
import type { Career } from '../api/types';
import { useSiteText, useTextLang } from '../../ui/site-text';

export function CareerList() {
  const t = useSiteText();
  const { data: careers, error, refetch, isPending } = useQuery(careersQuery());
  return (
    <Container size="xl" component="section" py={48} aria-labelledby="career-page-heading">
      <Title order={2} id="career-page-heading" c="blue.9" mb="lg">
        {t('careers.title')}
      </Title>
      {isPending ? <Loader aria-label={t('careers.loading')} /> : null}
      {error ? <QueryError title={t('careers.failed')} error={error} onRetry={() => void refetch()} /> : null}
      {careers && careers.length === 0 ? <Text>{t('careers.none')}</Text> : null}
      {careers && careers.length > 0 ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {careers.map((career) => (
            <CareerCard key={career.id} career={career} />
          ))}
        </SimpleGrid>
      ) : null}
    </Container>
  );
}

function CareerCard({ career }: { career: Career }) {
  const t = useSiteText();
  const lang = useTextLang();
  const start = formatDate(career.application_start_at, t);
  const end = formatDate(career.application_end_at, t);
  return (
    <Card>
      <Stack gap="xs">
        <Title order={3} size="h4" {...lang(career, 'title')}>
          {career.title}
        </Title>
        {start || end ? (
          <Text size="sm" fw={600} c="blue.9">
            {[start && t('careers.opens', { date: start }), end && t('careers.closes', { date: end })].filter(Boolean).join(', ')}
          </Text>
        ) : null}
        {career.content ? (
          <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-line' }} {...lang(career, 'content')}>
            {career.content}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
