/**
 * The career page's 'Career Page' block. The spec's original showed only a placeholder; visitors
 * expect the openings there, so it lists the published ones (GET /cms/careers).
 */
import { Card, Container, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../ui/display';
import { QueryError } from '../../ui/QueryError';
import { careersQuery } from '../api/queries';
import type { Career } from '../api/types';

export function CareerList() {
  const { data: careers, error, refetch, isPending } = useQuery(careersQuery());
  return (
    <Container size="xl" component="section" py={48} aria-labelledby="career-page-heading">
      <Title order={2} id="career-page-heading" c="blue.9" mb="lg">
        Career Page
      </Title>
      {isPending ? <Loader aria-label="Loading openings" /> : null}
      {error ? <QueryError title="The openings could not be loaded." error={error} onRetry={() => void refetch()} /> : null}
      {careers && careers.length === 0 ? <Text>There are no open positions right now. Please check again soon.</Text> : null}
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
  const start = formatDate(career.application_start_at);
  const end = formatDate(career.application_end_at);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {career.title}
        </Title>
        {start || end ? (
          <Text size="sm" fw={600} c="blue.9">
            {[start && `Applications open ${start}`, end && `close ${end}`].filter(Boolean).join(', ')}
          </Text>
        ) : null}
        {career.content ? (
          <Text size="sm" c="gray.8" style={{ whiteSpace: 'pre-line' }}>
            {career.content}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
