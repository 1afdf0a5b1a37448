import { useEffect, useState } from 'react';

/**
 * Where the sync pill sits (docs/product-rules.md, Offline and sync status): in the bar at the top
 * of the screen, beside chat and alerts (the mobile top bar and the desktop header mark a place
 * with `data-sync-slot`, as does a screen title with a back button on the screens without the top
 * bar), so it never covers what the page shows. Of the places on screen, the first in a bar that
 * stays put (sticky or fixed) wins, else the first; none (a screen with no bar): null, and the
 * pill floats in the corner as before.
 *
 * The page changes under it (a new screen, the desktop breakpoint), so while `active` (the pill
 * shows) the choice is made again after each change of the document, at most once a frame.
 */
export const SLOT_ATTRIBUTE = 'data-sync-slot';

function shown(el: HTMLElement): boolean {
  // the slot itself draws no box of its own: its bar does, unless hidden at this size
  return (el.parentElement ?? el).getClientRects().length > 0;
}

function pinned(el: HTMLElement): boolean {
  for (let at: HTMLElement | null = el; at; at = at.parentElement) {
    const { position } = getComputedStyle(at);
    if (position === 'sticky' || position === 'fixed') return true;
  }
  return false;
}

export function findPillSlot(root: ParentNode = document): HTMLElement | null {
  const slots = [...root.querySelectorAll<HTMLElement>(`[${SLOT_ATTRIBUTE}]`)].filter(shown);
  return slots.find(pinned) ?? slots[0] ?? null;
}

export function usePillSlot(active: boolean): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const pick = () => {
      frame = 0;
      const next = findPillSlot();
      setSlot((current) => (current === next ? current : next));
    };
    const later = () => {
      frame ||= requestAnimationFrame(pick);
    };
    pick();
    const observer = new MutationObserver(later);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', later);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', later);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [active]);
  return active ? slot : null;
}
