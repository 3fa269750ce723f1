/**
 * The news listing: every post, newest first, a page at a time. /details leads here too (the
 * spec only says that route exists).
 */
import { Center, Container, Pagination, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { postsPageQuery } from '../api/queries';
import { PageHeading } from '../page/PageHeading';
import { NewsCard } from './NewsCard';
import { CardGrid } from '../widgets/WidgetGrid';
import { useSiteText } from '../../ui/site-text';
import { useLocalHref } from '../locale';

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
              // Links, not buttons: they work before any script, and are opened in place like any link.
              getControlProps={(control) => {
                const target = { first: 1, previous: data.current_page - 1, next: data.current_page + 1, last: data.last_page }[
                  control
                ];
                const reachable = target >= 1 && target <= data.last_page && target !== data.current_page;
                return {
                  'aria-label': t(`pagination.${control}`),
                  ...(reachable ? { component: 'a', href: localize(newsPageHref(target)) } : {}),
                };
              }}
              getItemProps={(item) => ({
                'aria-label': t('pagination.page', { page: item }),
                component: 'a',
                href: localize(newsPageHref(item)),
              })}
            />
          </Center>
        ) : null}
      </Container>
    </>
  );
}
