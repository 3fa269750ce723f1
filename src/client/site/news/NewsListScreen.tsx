/**
 * The news listing: every post, newest first, a page at a time. /details leads here too (the
 * spec only says that route exists).
 */
import { Center, Container, Pagination, SimpleGrid, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { postsPageQuery } from '../api/queries';
import { PageHeading } from '../page/PageHeading';
import { NewsCard } from './NewsCard';

export function NewsListScreen({ page }: { page: number }) {
  const { data } = useSuspenseQuery(postsPageQuery(page));
  const navigate = useNavigate();
  return (
    <>
      <PageHeading title="News" subTitle="Stories, announcements and updates from our work." />
      <Container size="xl" py={48}>
        {data.data.length === 0 ? <Text>No news yet.</Text> : null}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {data.data.map((post) => (
            <NewsCard key={post.id} post={post} headingOrder={2} />
          ))}
        </SimpleGrid>
        {data.last_page > 1 ? (
          <Center mt="xl">
            <Pagination
              total={data.last_page}
              value={data.current_page}
              onChange={(next) => void navigate({ to: '/news', search: next > 1 ? { page: next } : {} })}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Center>
        ) : null}
      </Container>
    </>
  );
}
