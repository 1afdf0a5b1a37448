/// <reference types="vite/client" />
// Where the sync pill goes (src/features/sync-status/components/use-pill-slot.ts): the place a bar
// at the top of the screen marks, the one that stays put (sticky or fixed) first, never a bar
// hidden at this size; none, and the pill floats in its corner. jsdom draws nothing, so which bar
// is shown is told through getClientRects.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPillSlot } from '@/features/sync-status/components/use-pill-slot';

afterEach(() => {
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

/** Bars marked `data-hidden` draw no box, as a bar hidden by the size's media query. */
function page(html: string): HTMLElement {
  vi.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(function (
    this: HTMLElement,
  ) {
    const hidden = this.closest('[data-hidden]');
    return (hidden ? [] : [new DOMRect(0, 0, 10, 10)]) as unknown as DOMRectList;
  });
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

const slotOf = (root: HTMLElement, id: string) =>
  root.querySelector(`#${id}[data-sync-slot], #${id} [data-sync-slot]`) as HTMLElement;

describe("the sync pill's place", () => {
  it("a phone: the top bar's, not the hidden desktop header's nor the screen title's", () => {
    const root = page(`
      <header id="desk" data-hidden style="position: sticky"><div data-sync-slot="start"></div></header>
      <header id="top" style="position: sticky"><div data-sync-slot="start"></div></header>
      <main><header id="title" data-sync-slot="end" style="position: static"></header></main>`);
    expect(findPillSlot()).toBe(slotOf(root, 'top'));
  });

  it("a screen without the top bar: its title bar's, sticky on phones", () => {
    const root = page(`
      <header id="top" data-hidden style="position: sticky"><div data-sync-slot="start"></div></header>
      <main><header id="title" data-sync-slot="end" style="position: sticky"></header></main>`);
    expect(findPillSlot()).toBe(slotOf(root, 'title'));
  });

  it('a bar that stays put wins over one that scrolls away; else the first shown', () => {
    const root = page(`
      <main><header id="title" data-sync-slot="end"></header></main>
      <header id="desk" style="position: sticky"><div data-sync-slot="start"></div></header>`);
    expect(findPillSlot()).toBe(slotOf(root, 'desk'));
    document.body.replaceChildren();
    const bare = page(`<main><header id="title" data-sync-slot="end"></header></main>`);
    expect(findPillSlot()).toBe(slotOf(bare, 'title'));
  });

  it('no bar: nowhere (the pill floats in its corner)', () => {
    page(`<header data-hidden style="position: sticky"><div data-sync-slot="start"></div></header>
      <main><p>no bar here</p></main>`);
    expect(findPillSlot()).toBeNull();
  });
});
