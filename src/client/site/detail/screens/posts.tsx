/** A news post (spec §2.1 "News detail") at /news/{slug}: the thumbnail captioned 'FIG', the title, the HTML content. */
import { shareImageUrl } from '../../../../shared/renditions';
import { Link } from '@tanstack/react-router';
import { htmlToText } from '../../../../shared/html-text';
import { formatDate } from '../../../ui/display';
import { LazyImage } from '../../../ui/LazyImage';
import { SIZES } from '../../../ui/Picture';
import { SafeHtml } from '../../../ui/SafeHtml';
import { useTextLanguage } from '../../locale';
import type { Post } from '../../api/types';
import type { Description } from '../../head';
import pageClasses from '../../page/page.module.css';
import { anchorLook, Container, Stack, Text } from '../../ui';
import type { PublicRecord } from '../details';
import { useSiteText } from '../../../ui/site-text';

export function Screen({ record }: { record: PublicRecord }) {
  const t = useSiteText();
  const post = record as unknown as Post;
  const textLanguage = useTextLanguage(post);
  return (
    <Container size="md" py={48} component="article">
      <Stack gap="lg">
        <Link to="/news" {...anchorLook({ size: 'sm' })}>
          {t('news.all')}
        </Link>
        {post.thumb ? (
          <figure style={{ margin: 0 }}>
            <LazyImage
              src={post.thumb}
              placeholders={post.placeholders}
              focalPoints={post.focal_points}
              alt={post.title}
              width={1200}
              height={675}
              sizes={SIZES.content}
              radius="var(--mantine-radius-md)"
              priority
            />
            <Text component="figcaption" size="sm" c="gray.7" mt={6}>
              FIG
            </Text>
          </figure>
        ) : null}
        <div>
          <h1 className={pageClasses.pageTitle} {...textLanguage('title')}>
            {post.title}
          </h1>
          {post.sub_title ? (
            <p className={pageClasses.pageSub} {...textLanguage('sub_title')}>
              {post.sub_title}
            </p>
          ) : null}
          {formatDate(post.created_at, t) ? (
            <Text size="sm" c="gray.7" mt="xs" component="time" dateTime={post.created_at!}>
              {formatDate(post.created_at, t)}
            </Text>
          ) : null}
        </div>
        <SafeHtml html={post.content} {...textLanguage('content')} />
      </Stack>
    </Container>
  );
}

export function describe(record: PublicRecord): Description {
  const post = record as unknown as Post;
  return {
    title: post.meta_title || post.title,
    description: post.meta_description || post.sub_title || htmlToText(post.content ?? ''),
    image: post.thumb ? shareImageUrl(post.thumb) : undefined,
    type: 'article',
  };
}
