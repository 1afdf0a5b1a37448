import { useEffect, useLayoutEffect, useState, type FocusEvent } from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

/** How long a slide stays before the next one comes (home banners, event photos). */
export const ROTATION_DELAY_MS = 3000;

export interface SwiperRotation {
  swiper: SwiperInstance | null;
  /** The system asks for less motion (slide changes should not animate either). */
  reducedMotion: boolean;
  /** Pass to Swiper's `onSwiper`. */
  setSwiper: (swiper: SwiperInstance) => void;
  /** The fan's (or the system's) choice: what the rotation button shows. */
  playing: boolean;
  /** Whether the slides are meant to turn (playing and no keyboard focus inside). */
  rotate: boolean;
  /** Whether they are turning right now: Swiper started, `rotate`, and no mouse over the slides. */
  turning: boolean;
  /** The rotation button: the fan's choice wins over the system's from then on. */
  toggle: () => void;
  /** Spread on the carousel's frame: keyboard focus inside holds the rotation. */
  focusHandlers: {
    onFocus: (event: FocusEvent<HTMLElement>) => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
}

/**
 * When a carousel's Swiper turns (home banners, event photos): from the start unless the system
 * asks for less motion; never while keyboard focus is on a slide, an arrow or a dot (not a tap: a
 * tapped dot must not freeze the slides on a phone, and not the rotation button, marked
 * `data-rotation`, which says itself whether to rotate); never while a mouse is over the slides
 * (the buttons beside them don't count) or the page is hidden; and as the fan's pause/play button
 * says.
 *
 * The turning is a timer here, not Swiper's Autoplay module: Autoplay runs a requestAnimationFrame
 * loop for as long as it plays (to report the time left), which kept a phone's main thread busy
 * 15–40% of the time on an idle home screen (docs/first-visit.md, No long tasks). A slide change,
 * by the timer or by the fan, starts the next full delay.
 */
export function useSwiperRotation(enabled = true): SwiperRotation {
  const reducedMotion = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  // null until the fan presses the rotation button: then their choice wins over the system's.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const [mouseOver, setMouseOver] = useState(false);
  const [hidden, setHidden] = useState(false);
  // bumped by every slide change: the next turn waits a full delay from it
  const [changes, setChanges] = useState(0);
  const playing = enabled && (playChoice ?? !reducedMotion);
  const rotate = playing && !keyboardInside;
  const turning = swiper !== null && rotate && !mouseOver;

  useEffect(() => {
    if (!swiper) return;
    const changed = () => setChanges((n) => n + 1);
    const slides = swiper.el;
    const over = (event: PointerEvent) => {
      if (event.pointerType === 'mouse') setMouseOver(event.type === 'pointerenter');
    };
    swiper.on('slideChange', changed);
    slides.addEventListener('pointerenter', over);
    slides.addEventListener('pointerleave', over);
    return () => {
      if (!swiper.destroyed) swiper.off('slideChange', changed);
      slides.removeEventListener('pointerenter', over);
      slides.removeEventListener('pointerleave', over);
    };
  }, [swiper]);

  useEffect(() => {
    const seen = () => setHidden(document.visibilityState === 'hidden');
    document.addEventListener('visibilitychange', seen);
    return () => document.removeEventListener('visibilitychange', seen);
  }, []);

  // armed in the commit that shows `turning` (a layout effect): whoever reads the carousel's
  // data-turning finds the timer already running
  useLayoutEffect(() => {
    if (!swiper || !turning || hidden) return;
    const timer = window.setTimeout(() => {
      if (swiper.destroyed) return;
      // Swiper refuses a loop's slide while one is still moving: then wait a delay more
      if (!swiper.slideNext()) setChanges((n) => n + 1);
    }, ROTATION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [swiper, turning, hidden, changes]);

  return {
    swiper,
    reducedMotion,
    setSwiper,
    playing,
    rotate,
    turning,
    toggle: () => setPlayChoice(!playing),
    focusHandlers: {
      onFocus(event) {
        const target = event.target;
        setKeyboardInside(target.matches(':focus-visible') && !target.closest('[data-rotation]'));
      },
      onBlur(event) {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          setKeyboardInside(false);
        }
      },
    },
  };
}
