/**
 * The news listing: every post, newest first, a page at a time. /details leads here too (the
 * spec only says that route exists).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { postsPageQuery } from '../api/queries';
import { PageHeading } from '../page/PageHeading';
import { NewsCard } from './NewsCard';
import { CardGrid } from '../widgets/WidgetGrid';
import { useSiteText } from '../../ui/site-text';
import { useLocalHref } from '../locale';
import { Center, Container, Pagination, Text } from '../ui';

const newsPageHref = (page: number) => (page > 1 ? `/news?page=${page}` : '/news');

export function NewsListScreen({ page }: { page: number }) {
  const t = useSiteText();
  const localize = useLocalHref();
  const { data } = useSuspenseQuery(postsPageQuery(page));
  return (
    <>
      <PageHeading title={t('news.title')} subTitle={t('news.subTitle')} />
      <Container size="xl" py={48}>
        {data.data.length === 0 ? <Text>{t('news.none')}</Text> : null}
        <CardGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {data.data.map((post) => (
            <NewsCard key={post.id} post={post} headingOrder={2} />
          ))}
        </CardGrid>
        {data.last_page > 1 ? (
          <Center mt="xl">
            <Pagination
              total={data.last_page}
              value={data.current_page}
              hrefOf={(page) => localize(newsPageHref(page))}
              labels={{
                previous: t('pagination.previous'),
                next: t('pagination.next'),
                page: (page) => t('pagination.page', { page }),
              }}
            />
          </Center>
        ) : null}
      </Container>
    </>
  );
}
