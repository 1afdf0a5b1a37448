// 내 주변's order (docs/product-rules.md, 내 주변): events still on or to come nearest first, those
// without coordinates after them, then the ended ones, nearest first too (their cards keep the '종료'
// chip); equal distances keep the list's order.
import { describe, expect, it } from 'vitest';
import type { MeetUp } from '@/data/pb/records.ts';
import { nearestFirst } from '@/features/meetups/near/near-kit';
import type { NearMe } from '@/features/meetups/near/near-me';

const TODAY = '2026-11-30';

function event(id: string, lat: number | null, lastDay: string): MeetUp {
  const d = `${lastDay} 00:00:00.000Z`;
  return {
    ...{ id, created: '', updated: '', eventTitle: id, cafeName: '', address: '', date: '' },
    ...{ startDate: d, endDate: d, lat, lng: lat === null ? null : 126.92, artistName: '' },
    ...{ artistImg: '', eventImg: [], source: '', basicGift: '', desertGift: '' },
    ...{ priorityGift: '', firstHashtag: '', secondHashtag: '', group: '', comments: [] },
  };
}

const here: NearMe = { lat: 37.55, lng: 126.92, accuracy: 30, at: 0, last: false };
// about 110 m per 0.001 degree of latitude
const near = 37.551;
const mid = 37.56;
const far = 37.6;

describe('nearestFirst', () => {
  it('puts ended events last however near, each part nearest first', () => {
    const list = [
      event('farOn', far, '2026-12-05'),
      event('nearEnded', near, '2026-11-20'),
      event('midOn', mid, TODAY), // its last day is today: still on
      event('noPlaceOn', null, '2026-12-24'),
      event('farEnded', far, '2026-11-29'),
      event('nearOn', near, '2026-12-01'),
      event('noPlaceEnded', null, '2026-10-01'),
    ];
    expect(nearestFirst(list, here, TODAY).map((m) => m.id)).toEqual([
      ...['nearOn', 'midOn', 'farOn', 'noPlaceOn'],
      ...['nearEnded', 'farEnded', 'noPlaceEnded'],
    ]);
  });

  it('keeps the given order for equal distances and for events with no dates', () => {
    const undated = { ...event('undated', near, TODAY), startDate: '', endDate: '' };
    const list = [event('b', near, '2026-12-01'), undated, event('a', near, '2026-12-02')];
    expect(nearestFirst(list, here, TODAY).map((m) => m.id)).toEqual(['b', 'undated', 'a']);
  });

  it('with nothing ended, is the plain nearest-first order', () => {
    const list = [event('far', far, TODAY), event('near', near, TODAY)];
    expect(nearestFirst(list, here, TODAY).map((m) => m.id)).toEqual(['near', 'far']);
  });
});
