import { useCallback, useRef, useState } from 'react';

/**
 * Whether an element has come within `margin` of the viewport, for parts that cost a lot to start
 * and sit below the fold (the event page's map): they load as the fan scrolls towards them, not
 * while the page opens. False on the server and at hydration; true for good once seen. Where the
 * browser has no IntersectionObserver it turns true at once.
 *
 * Returns the ref to put on the element and the flag.
 */
export function useNearViewport<T extends Element>(
  margin = '100px',
): [(el: T | null) => void, boolean] {
  const [near, setNear] = useState(false);
  const observer = useRef<IntersectionObserver | null>(null);
  const ref = useCallback(
    (el: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!el || near) return;
      if (typeof IntersectionObserver !== 'function') {
        setNear(true);
        return;
      }
      const io = new IntersectionObserver(
        (entries) => {
          if (!entries.some((e) => e.isIntersecting)) return;
          io.disconnect();
          setNear(true);
        },
        { rootMargin: `${margin} 0px` },
      );
      io.observe(el);
      observer.current = io;
    },
    [margin, near],
  );
  return [ref, near];
}
