import { useEffect, useState, type FocusEvent } from 'react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

export interface SwiperRotation {
  swiper: SwiperInstance | null;
  /** The system asks for less motion (slide changes should not animate either). */
  reducedMotion: boolean;
  /** Pass to Swiper's `onSwiper`. */
  setSwiper: (swiper: SwiperInstance) => void;
  /** The fan's (or the system's) choice: what the rotation button shows. */
  playing: boolean;
  /** Whether the slides are turning right now (playing and no keyboard focus inside). */
  rotate: boolean;
  /** The rotation button: the fan's choice wins over the system's from then on. */
  toggle: () => void;
  /** Spread on the carousel's frame: keyboard focus inside holds the rotation. */
  focusHandlers: {
    onFocus: (event: FocusEvent<HTMLElement>) => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
  };
}

/**
 * When an auto-playing Swiper turns (home banners, event photos): from the start unless the system
 * asks for less motion; never while keyboard focus is on a slide, an arrow or a dot (not a tap: a
 * tapped dot must not freeze the slides on a phone, and not the rotation button, marked
 * `data-rotation`, which says itself whether to rotate); and as the fan's pause/play button says.
 * Swiper's own `pauseOnMouseEnter` handles the mouse.
 */
export function useSwiperRotation(enabled = true): SwiperRotation {
  const reducedMotion = usePrefersReducedMotion();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  // null until the fan presses the rotation button: then their choice wins over the system's.
  const [playChoice, setPlayChoice] = useState<boolean | null>(null);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const playing = enabled && (playChoice ?? !reducedMotion);
  const rotate = playing && !keyboardInside;

  useEffect(() => {
    if (!swiper || swiper.destroyed || !swiper.autoplay) return;
    // stop/start rather than pause/resume: leaving with the mouse resumes a pause, never a stop.
    if (rotate && !swiper.autoplay.running) swiper.autoplay.start();
    else if (!rotate && swiper.autoplay.running) swiper.autoplay.stop();
  }, [swiper, rotate]);

  return {
    swiper,
    reducedMotion,
    setSwiper,
    playing,
    rotate,
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
