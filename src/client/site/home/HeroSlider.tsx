/**
 * The home page's full-height slider (spec §2.1, §4, §9): a spinner until the sliders are there
 * (in the app; a page the server renders has them), then the slider appears
 * LIMITS.slider.revealDelayMs later; looping cross-fade, clickable pagination and arrows.
 *
 * During the reveal delay the first slide stands still where the slider will be (the original
 * showed nothing there): visitors see the banner at once, the server can render it, and the
 * slider then starts on that same slide, so nothing moves (slider-behaviour.ts).
 */
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { BehaviourIsland } from '../../islands/BehaviourIsland';
import { slidersQuery } from '../api/queries';
import type { Slider } from '../api/types';
import classes from './home.module.css';
import { MoreText } from './MoreText';
import { focalPositionFor, placeholderBackground } from '../../ui/LazyImage';
import { Picture, SIZES } from '../../ui/Picture';
import { CmsButton, Container, Loader, QueryError } from '../ui';
import { useSiteText, useTextLang } from '../../ui/site-text';

export function HeroSlider() {
  const t = useSiteText();
  const { preview } = useSearch({ from: '/_site' });
  const { data: slides, error, refetch, isSuccess } = useQuery(slidersQuery(preview));

  if (isSuccess && slides.length === 0) return null;

  return (
    <section className={classes.hero} aria-roledescription="carousel" aria-label={t('slider.label')} data-slider="still">
      {slides && slides.length > 0 ? (
        // Remounts when the slides change: Swiper reads its options once, and its loop rearranges
        // the slides outside React.
        <BehaviourIsland
          key={slides.map((s) => s.id).join(',')}
          name="slide-show"
          props={{ loop: slides.length > 1, previous: t('slider.previous'), next: t('slider.next') }}
        >
          <SlideShow slides={slides} />
        </BehaviourIsland>
      ) : (
        <div className={classes.heroLoading}>
          {error ? (
            <Container size="sm">
              <QueryError title={t('slider.failed')} error={error} onRetry={() => void refetch()} />
            </Container>
          ) : (
            <Loader color="white" aria-label={t('slider.loading')} />
          )}
        </div>
      )}
    </section>
  );
}

/**
 * Swiper itself, not its React wrapper: React renders the slides (the server too) and Swiper takes
 * them over when the slider starts. Until then Swiper's stylesheet alone shows the first slide,
 * standing still, without arrows or dots (home.module.css).
 */
function SlideShow({ slides }: { slides: Slider[] }) {
  return (
    <div className={`swiper ${classes.heroSwiper}`}>
      <div className="swiper-wrapper">
        {slides.map((slide, index) => (
          <div className="swiper-slide" key={slide.id}>
            <SlideView slide={slide} first={index === 0} />
          </div>
        ))}
      </div>
      <div className="swiper-pagination" />
      <div className="swiper-button-prev" />
      <div className="swiper-button-next" />
    </div>
  );
}

function SlideView({ slide, first }: { slide: Slider; first: boolean }) {
  const t = useSiteText();
  const lang = useTextLang();
  const background = slide.thumb ? placeholderBackground(slide.placeholders, slide.thumb) : undefined;
  // A phone's tall box cuts a wide slide: the focal point keeps the subject in it.
  const objectPosition = slide.thumb ? focalPositionFor(slide.focal_points, slide.thumb) : undefined;
  return (
    <div className={classes.slide}>
      {slide.thumb ? (
        <Picture
          className={classes.slideImage}
          src={slide.thumb}
          sizes={SIZES.heroCover}
          alt=""
          width={1600}
          height={900}
          loading={first ? 'eager' : 'lazy'}
          {...(first ? { fetchPriority: 'high' as const } : {})}
          {...(background || objectPosition ? { style: { background, objectPosition } } : {})}
        />
      ) : null}
      <div className={classes.slideShade} />
      <Container size="xl" style={{ height: '100%' }}>
        <div className={classes.slideText}>
          {slide.sub_title ? (
            <p className={classes.slideSub} {...lang(slide, 'sub_title')}>
              {slide.sub_title}
            </p>
          ) : null}
          {slide.title ? (
            <h2 className={classes.slideTitle} {...lang(slide, 'title')}>
              {slide.title}
            </h2>
          ) : null}
          {slide.description ? (
            <p className={classes.slideDescription} {...lang(slide, 'description')}>
              {slide.description}
            </p>
          ) : null}
          {slide.link_url ? (
            <div>
              <CmsButton href={slide.link_url} color="yellow" size="md">
                <MoreText label={t('more.learn')} about={slide.title} aboutLang={lang(slide, 'title')} />
              </CmsButton>
            </div>
          ) : null}
        </div>
      </Container>
    </div>
  );
}
