import { useEffect, useState } from 'react';
import { onIdle } from './use-after-idle';
import { ROTATION_DELAY_MS } from './use-swiper-rotation';

/**
 * Whether to start Swiper in a carousel drawn first as plain markup (home banners, event
 * photos): when the first turn is due (the slides hold still for their first 3 s anyway) and the
 * page is idle, or at once (`now`) when the fan reaches for the carousel.
 */
export function useSwiperStart(): { start: boolean; now: () => void } {
  const [start, setStart] = useState(false);
  useEffect(() => {
    let cancelIdle: (() => void) | undefined;
    const timer = window.setTimeout(() => {
      cancelIdle = onIdle(() => setStart(true), 1000);
    }, ROTATION_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle?.();
    };
  }, []);
  return { start, now: () => setStart(true) };
}
