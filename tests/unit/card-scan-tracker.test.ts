import { describe, expect, it } from 'vitest';
import type { Decision } from '@/lib/card-scan/decide.ts';
import {
  GONE_FRAMES,
  ScanTracker,
  STEADY_FRAMES,
  TICK_FRAMES,
  UNKNOWN_FRAMES,
} from '@/lib/card-scan/tracker.ts';

const sure = (id: string): Decision => ({ kind: 'sure', id });
const ask = (...ids: string[]): Decision => ({ kind: 'ask', ids });
const unknown: Decision = { kind: 'unknown' };
const none = () => false;

/** Feeds `n` frames of one outcome; returns the ticks they caused. */
function feed(
  t: ScanTracker,
  n: number,
  decision: Decision,
  opts: { found?: boolean; continuous?: boolean; owned?: (id: string) => boolean } = {},
) {
  const ticks: string[] = [];
  for (let i = 0; i < n; i++) {
    const { tick } = t.push(
      opts.found ?? true,
      decision,
      opts.continuous ?? true,
      opts.owned ?? none,
    );
    if (tick) ticks.push(tick);
  }
  return ticks;
}

describe('the scan tracker', () => {
  it('names a sure card at once, ticks it on the second look, and only once in continuous mode', () => {
    const t = new ScanTracker();
    expect(feed(t, TICK_FRAMES - 1, sure('a'))).toEqual([]);
    expect(t.view).toEqual({ kind: 'sure', id: 'a' });
    expect(feed(t, 1, sure('a'))).toEqual(['a']);
    expect(t.view).toEqual({ kind: 'sure', id: 'a' });
    // held in view for many more frames: no second tick
    expect(feed(t, 20, sure('a'))).toEqual([]);
  });

  it('does not tick a card held again later, nor one already owned, nor in single mode', () => {
    const t = new ScanTracker();
    expect(feed(t, 3, sure('a'))).toEqual(['a']);
    feed(t, GONE_FRAMES, unknown, { found: false });
    expect(t.view).toEqual({ kind: 'none' });
    expect(feed(t, 5, sure('b'), { owned: (id) => id === 'b' })).toEqual([]);
    expect(t.view).toEqual({ kind: 'sure', id: 'b' });
    expect(feed(t, 5, sure('a'))).toEqual([]);
    expect(feed(t, 5, sure('c'), { continuous: false })).toEqual([]);
    expect(t.view).toEqual({ kind: 'sure', id: 'c' });
    expect(t.isHandled('c')).toBe(false);
  });

  it('does not tick a card named for one frame only, nor take an unsure frame for an answer', () => {
    const t = new ScanTracker();
    feed(t, 3, sure('a'));
    expect(feed(t, 1, sure('x'))).toEqual([]);
    feed(t, 1, sure('a'));
    expect(t.isHandled('x')).toBe(false);
    // one unsure frame keeps the answer shown
    feed(t, 1, ask('y', 'a', 'b'));
    expect(t.view).toEqual({ kind: 'sure', id: 'a' });
  });

  it('asks among the closest, and says unknown only after more frames in a row', () => {
    const t = new ScanTracker();
    expect(feed(t, STEADY_FRAMES, ask('a', 'b', 'c'))).toEqual([]);
    expect(t.view).toEqual({ kind: 'ask', ids: ['a', 'b', 'c'] });
    feed(t, UNKNOWN_FRAMES - 1, unknown);
    expect(t.view.kind).toBe('ask');
    feed(t, 1, unknown);
    expect(t.view).toEqual({ kind: 'unknown' });
  });

  it('leaves a card marked handled alone (a tick undone stays undone while it is in view)', () => {
    const t = new ScanTracker();
    t.markHandled('a');
    expect(feed(t, 5, sure('a'))).toEqual([]);
    expect(t.view).toEqual({ kind: 'sure', id: 'a' });
  });
});
