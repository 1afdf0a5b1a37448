import { useLayoutEffect, useState } from 'react';

/**
 * Where the sync pill sits (docs/product-rules.md, Offline and sync status): in the bar at the top
 * of the screen, beside chat and alerts (the chat and alerts row of the mobile top bar and of the
 * desktop header carries `data-sync-slot`, as does a screen title with a back button on the
 * screens without the top bar; the pill is added to its end), so it never covers what the page
 * shows. Of the places on screen, the first in a bar that
 * stays put (sticky or fixed) wins, else the first; none (a screen with no bar): null, and the
 * pill floats in the corner as before.
 *
 * The page changes under it (a new screen, the desktop breakpoint), so while `active` (the pill
 * shows) the choice is made again after each change of the document, at most once a frame.
 */
export const SLOT_ATTRIBUTE = 'data-sync-slot';

/** Drawn at this size (the desktop header's row is hidden on a phone, the top bar's on a desktop). */
function shown(el: HTMLElement): boolean {
  return el.getClientRects().length > 0;
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
  // before the paint: the pill never shows in the corner first and then jumps to the bar
  useLayoutEffect(() => {
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
