/**
 * Swiper and the modules the home slider uses, in a module of their own so the slider loads them
 * when it starts (HeroSlider.tsx) and the page adopts the server's HTML without them.
 */
import Swiper from 'swiper';
import { A11y, Autoplay, EffectFade, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { LIMITS } from '../../../shared/limits';
import type { SlideShowProps } from './slider-behaviour';

/** Takes over the slides already in `element`; returns how to stop it. */
export function startSlideShow(
  element: HTMLElement,
  { loop, autoplay, previous, next }: SlideShowProps & { autoplay: boolean },
): () => void {
  const swiper = new Swiper(element, {
    modules: [EffectFade, Autoplay, Pagination, Navigation, Keyboard, A11y],
    effect: 'fade',
    fadeEffect: { mode: 'cross-fade' },
    loop,
    speed: LIMITS.slider.speedMs,
    autoplay: autoplay ? { delay: LIMITS.slider.autoplayDelayMs, disableOnInteraction: false, pauseOnMouseEnter: true } : false,
    pagination: { el: element.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
    navigation: {
      nextEl: element.querySelector<HTMLElement>('.swiper-button-next'),
      prevEl: element.querySelector<HTMLElement>('.swiper-button-prev'),
    },
    keyboard: { enabled: true, onlyInViewport: true },
    a11y: { prevSlideMessage: previous, nextSlideMessage: next },
  });
  return () => void swiper.destroy(true, true);
}
