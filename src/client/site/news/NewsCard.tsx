/** A news post as a card (home '_news' section and the /details listing); §9 card cuts 80 and 90. */
import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { LIMITS, truncate } from '../../../shared/limits';
import { DEFAULT_THUMB, excerpt, formatDate, widgetThumb } from '../../ui/display';
import { LazyImage } from '../../ui/LazyImage';
import { SIZES } from '../../ui/Picture';
import type { Post } from '../api/types';
import { useSiteText } from '../../ui/site-text';

export function NewsCard({ post, headingOrder = 3 }: { post: Post; headingOrder?: 2 | 3 }) {
  const t = useSiteText();
  return (
    <Card withBorder radius="md" padding={0} h="100%">
      <LazyImage
        src={widgetThumb(post.thumb)}
        placeholders={post.placeholders}
        focalPoints={post.focal_points}
        fallback={DEFAULT_THUMB}
        alt=""
        width={640}
        height={400}
        sizes={SIZES.gridColumn}
      />
      <Stack gap="xs" p="lg">
        {formatDate(post.created_at, t) ? (
          <Text size="xs" c="gray.7" component="time" dateTime={post.created_at!}>
            {formatDate(post.created_at, t)}
          </Text>
        ) : null}
        <Title order={headingOrder} size="h4">
          <Anchor
            renderRoot={(props) => <Link {...props} to="/$collection/$slug" params={{ collection: 'news', slug: post.slug }} />}
            c="blue.9"
            title={post.title}
          >
            {truncate(post.title, LIMITS.truncate.cardMedium)}
          </Anchor>
        </Title>
        <Text size="sm" c="gray.7">
          {excerpt(post.content, LIMITS.truncate.cardLong)}
        </Text>
      </Stack>
    </Card>
  );
}
