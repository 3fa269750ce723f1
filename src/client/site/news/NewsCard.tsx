/**
 * A news post as a card (home '_news' section and the /details listing); §9 card cuts 80 and 90.
 * Plain elements in the widget card's look (why: widgets.module.css).
 */
import { Link } from '@tanstack/react-router';
import { LIMITS, truncate } from '../../../shared/limits';
import { DEFAULT_THUMB, excerpt, formatDate, widgetThumb } from '../../ui/display';
import { LazyImage } from '../../ui/LazyImage';
import { SIZES } from '../../ui/Picture';
import type { Post } from '../api/types';
import { useSiteText, useTextLang } from '../../ui/site-text';
import card from '../widgets/widgets.module.css';
import classes from './news-card.module.css';

export function NewsCard({ post, headingOrder = 3 }: { post: Post; headingOrder?: 2 | 3 }) {
  const t = useSiteText();
  const lang = useTextLang();
  const Heading = headingOrder === 2 ? 'h2' : 'h3';
  const date = formatDate(post.created_at, t);
  return (
    <div className={card.card}>
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
      <div className={card.body}>
        {date ? (
          <time className={classes.date} dateTime={post.created_at!}>
            {date}
          </time>
        ) : null}
        <Heading className={card.title} {...lang(post, 'title')}>
          <Link
            to="/$collection/$slug"
            params={{ collection: 'news', slug: post.slug }}
            className={`mantine-focus-auto ${card.link} ${card.asBodyText}`}
            title={post.title}
          >
            {truncate(post.title, LIMITS.truncate.cardMedium)}
          </Link>
        </Heading>
        <p className={card.text} {...lang(post, 'content')}>
          {excerpt(post.content, LIMITS.truncate.cardLong)}
        </p>
      </div>
    </div>
  );
}
