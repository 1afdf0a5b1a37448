import { useLayoutEffect, type RefObject } from 'react';

/**
 * Keeps `--screen-top` on the element: its distance from the top of the page, so its CSS can fill
 * the rest of the viewport exactly. What sits above it (the header, the top bar, the offline
 * banner that comes and goes) is watched for size changes, so the map never runs under the bottom
 * tabs or leaves a gap when the banner shows or hides.
 */
export function useScreenTop(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      el.style.setProperty('--screen-top', `${Math.max(0, Math.round(top))}px`);
    };
    update();
    window.addEventListener('resize', update);
    // Without ResizeObserver (jsdom) the measure at mount and on window resizes still holds.
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    // Everything laid out before the screen: the earlier siblings of it and of its ancestors.
    for (let node: Element | null = el; node && node !== document.body; node = node.parentElement) {
      for (let s = node.previousElementSibling; s; s = s.previousElementSibling) {
        observer?.observe(s);
      }
    }
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [ref]);
}
