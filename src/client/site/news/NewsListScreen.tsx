/**
 * The news listing: every post, newest first, a page at a time. /details leads here too (the
 * spec only says that route exists).
 */
import { useSuspenseQuery } from '@tanstack/react-query';
import { newsListHref } from '../../../shared/news-search';
import { postCategoriesQuery, postsPageQuery } from '../api/queries';
import { PageHeading } from '../page/PageHeading';
import { NewsCard } from './NewsCard';
import { CardGrid } from '../widgets/WidgetGrid';
import { useSiteText, useTextLang } from '../../ui/site-text';
import { useLocalHref } from '../locale';
import { Center, Container, Pagination, Text } from '../ui';
import classes from './news-card.module.css';

export function NewsListScreen({ page, category }: { page: number; category?: number }) {
  const t = useSiteText();
  const lang = useTextLang();
  const localize = useLocalHref();
  const { data } = useSuspenseQuery(postsPageQuery(page, category));
  const { data: categories } = useSuspenseQuery(postCategoriesQuery());
  const filters = [
    { id: undefined, name: t('news.allCategories'), record: {} },
    ...categories.map((c) => ({ id: c.id, name: c.name, record: c })),
  ];
  return (
    <>
      <PageHeading title={t('news.title')} subTitle={t('news.subTitle')} />
      <Container size="xl" py={48}>
        {categories.length > 0 ? (
          // Plain links: the filter works without JavaScript, and each category's list has its address.
          <nav aria-label={t('news.category')} className={classes.filter}>
            <ul>
              {filters.map((filter) => (
                <li key={filter.id ?? 'all'}>
                  <a
                    href={localize(newsListHref({ category: filter.id }))}
                    aria-current={filter.id === category ? 'page' : undefined}
                    className={`mantine-focus-auto ${classes.filterLink}`}
                    {...(filter.id ? lang(filter.record, 'name') : {})}
                  >
                    {filter.name}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
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
              hrefOf={(page) => localize(newsListHref({ page, category }))}
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
