/**
 * What the scanner shows and ticks, frame after frame (docs/card-scan.md, Continuous mode). One
 * frame's decision can flicker (a hand passing, a card half out of view), so an uncertain result is
 * shown only once it holds for a few frames in a row, and in continuous mode a card is ticked once:
 * when it is named for sure twice in a row, never again while the scanner stays open, whether it
 * stays in view, comes back later or its tick was undone.
 */
import type { Decision } from './decide.ts';

/** What the scanner says about the card in view. */
export type ScanView =
  | { kind: 'none' }
  | { kind: 'sure'; id: string }
  | { kind: 'ask'; ids: string[] }
  | { kind: 'unknown' };

/**
 * Frames in a row a card must be named for sure before continuous mode ticks it. The name itself
 * shows from the first such frame: a wrong card was never sure in the benchmark (docs/card-scan.md,
 * Measured), so the fan sees the answer one frame sooner, and a tick still needs a second look.
 */
export const TICK_FRAMES = 2;
/** Frames in a row the 3 closest must lead with the same card before they are offered. */
export const STEADY_FRAMES = 2;
/** Frames in a row before "not in the catalogue" is said: a card being moved looks unknown too. */
export const UNKNOWN_FRAMES = 4;
/** Frames in a row with no card before the last result is put away. */
export const GONE_FRAMES = 3;

function keyOf(found: boolean, d: Decision): string {
  if (!found) return 'none';
  if (d.kind === 'sure') return `sure:${d.id}`;
  if (d.kind === 'ask') return `ask:${d.ids[0] ?? ''}`;
  return 'unknown';
}

export class ScanTracker {
  private last = '';
  private run = 0;
  private shown: ScanView = { kind: 'none' };
  /** Cards this scanner has ticked or been told to leave alone. */
  private readonly handled = new Set<string>();

  /** The result shown now. */
  get view(): ScanView {
    return this.shown;
  }

  /** True once `id` was ticked (or left alone) by this scanner. */
  isHandled(id: string): boolean {
    return this.handled.has(id);
  }

  /** Marks `id` as done: continuous mode does not tick it (again). */
  markHandled(id: string): void {
    this.handled.add(id);
  }

  /**
   * One frame's outcome. Returns the view (changed only when a new result held long enough) and,
   * when `continuous` and the view just became a card for sure that is not handled and not
   * `owned`, the card to tick now (it is marked handled at once).
   */
  push(
    found: boolean,
    decision: Decision,
    continuous: boolean,
    owned: (id: string) => boolean,
  ): { view: ScanView; tick: string | null } {
    const key = keyOf(found, decision);
    this.run = key === this.last ? this.run + 1 : 1;
    this.last = key;
    const needed =
      key === 'none'
        ? GONE_FRAMES
        : key === 'unknown'
          ? UNKNOWN_FRAMES
          : decision.kind === 'sure'
            ? 1
            : STEADY_FRAMES;
    if (this.run < needed) return { view: this.shown, tick: null };
    if (key === 'none') this.shown = { kind: 'none' };
    else if (decision.kind === 'sure') this.shown = { kind: 'sure', id: decision.id };
    else if (decision.kind === 'ask') this.shown = { kind: 'ask', ids: decision.ids };
    else this.shown = { kind: 'unknown' };
    let tick: string | null = null;
    if (continuous && this.shown.kind === 'sure' && this.run >= TICK_FRAMES) {
      const id = this.shown.id;
      if (!this.handled.has(id) && !owned(id)) {
        this.handled.add(id);
        tick = id;
      }
    }
    return { view: this.shown, tick };
  }
}
