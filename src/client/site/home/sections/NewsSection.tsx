/** Template '_news': the latest posts (GET /cms/posts?size=3) as cards, 'View All' when link_url is set. */
import type { Post, Section } from '../../api/types';
import { CmsButton, Container, Loader, QueryError, Text } from '../../ui';
import { NewsCard } from '../../news/NewsCard';
import { CardGrid } from '../../widgets/WidgetGrid';
import classes from '../home.module.css';
import { SectionHeader } from './SectionHeader';
import { useSiteText } from '../../../ui/site-text';
import type { SectionReadState } from './registry';

/** `read`: the latest posts (registry.ts reads them for it). */
export function NewsSection({ section, read }: { section: Section; read: SectionReadState<Post[]> }) {
  const t = useSiteText();
  const { data: posts, error, refetch, isPending } = read;
  return (
    <section className={classes.band}>
      <Container size="xl">
        <SectionHeader
          title={section.title ?? t('news.latest')}
          subTitle={section.sub_title}
          // Without a title of its own the heading is the site's word, in the page's language.
          record={section.title ? section : undefined}
          action={
            section.link_url ? (
              <CmsButton href={section.link_url} variant="light">
                {t('more.viewAll')}
              </CmsButton>
            ) : null
          }
        />
        {isPending ? <Loader aria-label={t('news.loading')} /> : null}
        {error ? <QueryError title={t('news.failed')} error={error} onRetry={() => void refetch()} /> : null}
        {posts && posts.length === 0 ? <Text>{t('news.none')}</Text> : null}
        {posts && posts.length > 0 ? (
          <CardGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {posts.map((post) => (
              <NewsCard key={post.id} post={post} />
            ))}
          </CardGrid>
        ) : null}
      </Container>
    </section>
  );
}
