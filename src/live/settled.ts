/**
 * When the page has settled: what is not needed to show a server-rendered first screen (the live
 * store, the meetup map) waits for it, so it never competes with hydration and the fan's first
 * taps. main.tsx marks it: at once on a plain shell (its screens need the store to draw), a few
 * seconds after load or at the fan's first tap on a server-rendered page (docs/first-visit.md).
 */
let markSettled: () => void = () => {};
const settled = new Promise<void>((resolve) => {
  markSettled = resolve;
});

export function pageSettled(): Promise<void> {
  return settled;
}

export function settlePage(): void {
  markSettled();
}
