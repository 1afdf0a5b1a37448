import { describe, expect, it } from 'vitest';
import { filterByStatus, meetupStatus } from '@/features/meetups/status/meetup-status';
import { spreadOffsets } from '@/features/meetups/map/spread';

const at = (startDate: string, endDate: string) => ({
  startDate: startDate ? `${startDate} 00:00:00.000Z` : '',
  endDate: endDate ? `${endDate} 00:00:00.000Z` : '',
});

describe('meetupStatus (docs/product-rules.md, Meetup map)', () => {
  const today = '2026-11-27';
  it('is ongoing from the first to the last day, both included', () => {
    expect(meetupStatus(at('2026-11-27', '2026-11-30'), today)).toBe('ongoing');
    expect(meetupStatus(at('2026-11-20', '2026-11-27'), today)).toBe('ongoing');
  });
  it('is upcoming before the first day and ended after the last', () => {
    expect(meetupStatus(at('2026-11-28', '2026-11-30'), today)).toBe('upcoming');
    expect(meetupStatus(at('2026-11-20', '2026-11-26'), today)).toBe('ended');
  });
  it('takes the start as the last day when there is no end, and has none without dates', () => {
    expect(meetupStatus(at('2026-11-26', ''), today)).toBe('ended');
    expect(meetupStatus(at('2026-11-27', ''), today)).toBe('ongoing');
    expect(meetupStatus(at('', ''), today)).toBeNull();
  });
  it('filters keeping the order; 전체 keeps every event, undated ones too', () => {
    const events = [
      { id: 'a', ...at('2026-11-20', '2026-11-26') },
      { id: 'b', ...at('', '') },
      { id: 'c', ...at('2026-11-28', '') },
      { id: 'd', ...at('2026-11-01', '2026-11-02') },
    ];
    expect(filterByStatus(events, 'ended', today).map((e) => e.id)).toEqual(['a', 'd']);
    expect(filterByStatus(events, 'upcoming', today).map((e) => e.id)).toEqual(['c']);
    expect(filterByStatus(events, 'all', today).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('spreadOffsets', () => {
  it('leaves a lone marker alone and rings markers sharing a spot, none overlapping', () => {
    const size = 48;
    const items = [
      { id: 'lone', lat: 37.5, lng: 127 },
      ...['a', 'b', 'c'].map((id) => ({ id, lat: 37.556111, lng: 126.923611 })),
      // within about a metre: the same spot
      { id: 'd', lat: 37.556112, lng: 126.923612 },
    ];
    const offsets = spreadOffsets(items, size);
    expect(offsets.has('lone')).toBe(false);
    const ring = ['a', 'b', 'c', 'd'].map((id) => offsets.get(id)!);
    expect(ring.every(Boolean)).toBe(true);
    for (let i = 0; i < ring.length; i++) {
      for (let j = i + 1; j < ring.length; j++) {
        const [x1, y1] = ring[i]!;
        const [x2, y2] = ring[j]!;
        expect(Math.hypot(x1 - x2, y1 - y2)).toBeGreaterThanOrEqual(size);
      }
    }
    // the first stands straight above the spot
    expect(ring[0]![0]).toBe(0);
    expect(ring[0]![1]).toBeLessThan(0);
  });
});
