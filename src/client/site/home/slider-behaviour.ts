/**
 * The home slider's behaviour (an island, Island.tsx): the server draws the slides, and the first
 * one stands still where the slider will be; LIMITS.slider.revealDelayMs later the slider starts
 * on that same slide, so nothing moves. Swiper (slide-show.ts, a library of its own) is loaded then,
 * not with the page. Visitors who ask for reduced motion get no autoplay.
 */
import { LIMITS } from '../../../shared/limits';
import type { Behaviour } from '../../islands/registry';

export interface SlideShowProps {
  loop: boolean;
  /** The arrows' words for screen readers, in the page's language: drawn with the page, so the
   * slider's chunk carries no catalogue of the site's texts. */
  previous: string;
  next: string;
}

export const slideShow: Behaviour<SlideShowProps> = (element, { loop, previous, next }) => {
  const container = element.querySelector<HTMLElement>('.swiper');
  if (!container) return () => undefined;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  let stop: (() => void) | undefined;
  let stopped = false;
  const timer = window.setTimeout(() => {
    element.closest('[data-slider]')?.setAttribute('data-slider', 'playing');
    void import('./slide-show').then(({ startSlideShow }) => {
      if (!stopped) stop = startSlideShow(container, { loop, autoplay: !reducedMotion, previous, next });
    });
  }, LIMITS.slider.revealDelayMs);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    stop?.();
  };
};
