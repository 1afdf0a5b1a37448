/**
 * A bar pinned to the bottom of a screen (the chat's composer) tells the page how much of the
 * viewport's bottom it takes (its height, and the space under it while the page is shorter than
 * the screen), as `--bottom-bar-height` on the document: what floats at the bottom (the
 * pending-changes button) sits above it instead of over its controls. Cleared when the bar goes.
 */
import { useEffect, type RefObject } from 'react';

const VAR = '--bottom-bar-height';

export function useBottomBarHeight(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const set = () => {
      const covered = Math.max(0, Math.round(window.innerHeight - el.getBoundingClientRect().top));
      root.style.setProperty(VAR, `${covered}px`);
    };
    set();
    const observer = new ResizeObserver(set);
    observer.observe(el);
    observer.observe(document.body);
    window.addEventListener('scroll', set, { passive: true });
    window.addEventListener('resize', set);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', set);
      window.removeEventListener('resize', set);
      root.style.removeProperty(VAR);
    };
  }, [bar]);
}
