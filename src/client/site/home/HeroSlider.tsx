/**
 * The home page's full-height slider (spec §2.1, §4, §9): a spinner until the sliders are there,
 * then the slider appears LIMITS.slider.revealDelayMs later; looping cross-fade, clickable
 * pagination and arrows. Visitors who ask for reduced motion get no autoplay.
 *
 * During the reveal delay the first slide stands still where the slider will be (the original
 * showed nothing there): visitors see the banner at once, the server can render it, and the
 * slider then starts on that same slide, so nothing moves.
 */
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { Container, Loader, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { A11y, Autoplay, EffectFade, Keyboard, Navigation, Pagination } from 'swiper/modules';
import Swiper from 'swiper';
import { useSearch } from '@tanstack/react-router';
import { LIMITS } from '../../../shared/limits';
import { CmsButton } from '../../ui/CmsLink';
import { QueryError } from '../../ui/QueryError';
import { slidersQuery } from '../api/queries';
import type { Slider } from '../api/types';
import classes from './home.module.css';
import { MoreText } from '../../ui/MoreText';
import { placeholderFor } from '../../ui/LazyImage';
import { Picture, SIZES } from '../../ui/Picture';

export function HeroSlider() {
  const { preview } = useSearch({ from: '/_site' });
  const { data: slides, error, refetch, isSuccess } = useQuery(slidersQuery(preview));
  const reducedMotion = useReducedMotion();
  const [revealed, setRevealed] = useState(false);

  useEffect(() => {
    if (!isSuccess) return;
    const timer = window.setTimeout(() => setRevealed(true), LIMITS.slider.revealDelayMs);
    return () => window.clearTimeout(timer);
  }, [isSuccess]);

  if (isSuccess && slides.length === 0) return null;

  return (
    <section
      className={classes.hero}
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-slider={revealed ? 'playing' : 'still'}
    >
      {slides && slides.length > 0 ? (
        // Remounts when the slides or the motion preference change: Swiper reads its options once,
        // and its loop rearranges the slides outside React.
        <SlideShow
          key={`${reducedMotion ? 'still' : 'playing'}:${slides.map((s) => s.id).join(',')}`}
          slides={slides}
          reducedMotion={reducedMotion}
          start={revealed}
        />
      ) : (
        <div className={classes.heroLoading}>
          {error ? (
            <Container size="sm">
              <QueryError title="The highlights could not be loaded." error={error} onRetry={() => void refetch()} />
            </Container>
          ) : (
            <Loader color="white" aria-label="Loading highlights" />
          )}
        </div>
      )}
    </section>
  );
}

/**
 * Swiper itself, not its React wrapper: React renders the slides (the server too) and Swiper takes
 * them over when `start` turns true. Until then Swiper's stylesheet alone shows the first slide,
 * standing still, without arrows or dots (home.module.css). Taking over the markup already on the
 * page, rather than drawing a new slider, keeps the reveal to Swiper's own set-up work.
 */
function SlideShow({ slides, reducedMotion, start }: { slides: Slider[]; reducedMotion: boolean; start: boolean }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!start) return;
    const swiper = new Swiper(container.current!, {
      modules: [EffectFade, Autoplay, Pagination, Navigation, Keyboard, A11y],
      effect: 'fade',
      fadeEffect: { mode: 'cross-fade' },
      loop: slides.length > 1,
      speed: LIMITS.slider.speedMs,
      autoplay: reducedMotion
        ? false
        : { delay: LIMITS.slider.autoplayDelayMs, disableOnInteraction: false, pauseOnMouseEnter: true },
      pagination: { el: container.current!.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
      navigation: {
        nextEl: container.current!.querySelector<HTMLElement>('.swiper-button-next'),
        prevEl: container.current!.querySelector<HTMLElement>('.swiper-button-prev'),
      },
      keyboard: { enabled: true, onlyInViewport: true },
      a11y: { prevSlideMessage: 'Previous slide', nextSlideMessage: 'Next slide' },
    });
    return () => void swiper.destroy(true, true);
  }, [slides, reducedMotion, start]);
  return (
    <div ref={container} className={`swiper ${classes.heroSwiper}`}>
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
  const preview = slide.thumb ? placeholderFor(slide.placeholders, slide.thumb) : undefined;
  return (
    <div className={classes.slide}>
      {slide.thumb ? (
        <Picture
          className={classes.slideImage}
          src={slide.thumb}
          sizes={SIZES.full}
          alt=""
          width={1600}
          height={900}
          loading={first ? 'eager' : 'lazy'}
          {...(first ? { fetchPriority: 'high' as const } : {})}
          {...(preview ? { style: { background: `center / cover no-repeat url("${preview}")` } } : {})}
        />
      ) : null}
      <div className={classes.slideShade} />
      <Container size="xl" h="100%">
        <div className={classes.slideText}>
          {slide.sub_title ? <p className={classes.slideSub}>{slide.sub_title}</p> : null}
          {slide.title ? <h2 className={classes.slideTitle}>{slide.title}</h2> : null}
          {slide.description ? (
            <Text size="lg" c="gray.1" maw={620}>
              {slide.description}
            </Text>
          ) : null}
          {slide.link_url ? (
            <div>
              <CmsButton href={slide.link_url} color="yellow.4" c="dark.9" size="md">
                <MoreText label="Learn more" about={slide.title} />
              </CmsButton>
            </div>
          ) : null}
        </div>
      </Container>
    </div>
  );
}
