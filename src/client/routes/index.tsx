import { Container, Title } from '@mantine/core';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import type { ItemEnvelope } from '../../shared/envelope';
import { publicApi } from '../api/http';
import { config } from '../config';

const siteInfo = queryOptions({
  queryKey: ['public', 'applications', config.appKey],
  queryFn: () => publicApi<ItemEnvelope<{ name: string; title: string | null }>>(`applications/${config.appKey}`),
});

export const Route = createFileRoute('/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(siteInfo),
  component: Home,
});

function Home() {
  const { data } = useSuspenseQuery(siteInfo);
  return (
    <Container component="main" py="xl">
      <Title order={1}>{data.data.name}</Title>
    </Container>
  );
}
