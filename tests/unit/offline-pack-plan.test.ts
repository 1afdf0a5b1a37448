// What an offline pack keeps (src/features/offline-pack/pack-plan.ts) and the worker's reading of
// a page's request (src/data/pb/offline-pack.ts). docs/offline-pack.md.
import { describe, expect, it } from 'vitest';
import type { MeetUp } from '@/data/pb/records.ts';
import {
  MAX_PACK_FILES,
  MAX_PACK_TILES,
  isPackReply,
  packCacheName,
  parsePackRequest,
} from '@/data/pb/offline-pack.ts';
import {
  MAX_DAYS,
  addDays,
  eventFiles,
  packDays,
  planPack,
} from '@/features/offline-pack/pack-plan.ts';
import { MAX_TILES_PER_EVENT } from '@/lib/tile-math.ts';
import { DEFAULT_TILE_URL, tileUrlPattern } from '@/lib/tiles.ts';
import { formatBytes } from '@/features/offline-pack/ko.ts';

function event(id: string, over: Partial<MeetUp> = {}): MeetUp {
  return {
    id,
    created: '',
    updated: '',
    eventTitle: `이벤트 ${id}`,
    cafeName: '',
    address: '',
    date: '',
    startDate: '2026-11-27 00:00:00.000Z',
    endDate: '2026-11-29 00:00:00.000Z',
    lat: 37.556944,
    lng: 126.923917,
    artistName: '',
    artistImg: 'artist.png',
    eventImg: ['a.png', 'b.png'],
    source: '',
    basicGift: '',
    desertGift: '',
    priorityGift: '',
    firstHashtag: '',
    secondHashtag: '',
    group: '',
    comments: [],
    ...over,
  } as MeetUp;
}

const PHONE = { width: 390, devicePixelRatio: 1 };

describe('eventFiles', () => {
  it('names the renditions the screens ask for on this screen', () => {
    expect(eventFiles(event('e1'), PHONE)).toEqual([
      '/api/files/meetUps/e1/a.png?thumb=480x320f',
      '/api/files/meetUps/e1/b.png?thumb=480x320f',
      '/api/files/meetUps/e1/artist.png?thumb=48x48f',
      '/api/files/meetUps/e1/artist.png?thumb=100x100',
    ]);
    // a 3x phone picks bigger ones
    const dense = eventFiles(event('e1'), { width: 390, devicePixelRatio: 3 });
    expect(dense[0]).toContain('thumb=1200x800f');
    expect(dense[2]).toContain('thumb=120x120f');
    expect(eventFiles(event('e2', { eventImg: [], artistImg: '' }), PHONE)).toEqual([]);
  });
});

describe('planPack', () => {
  it('keeps each file once and the tiles around located events only', () => {
    const plan = planPack([event('e1'), event('e2'), event('e3', { lat: 0, lng: 0 })], PHONE);
    expect(plan.files).toHaveLength(12);
    // e1 and e2 share a place: one event's tiles
    expect(plan.tiles).toHaveLength(MAX_TILES_PER_EVENT);
    const pattern = tileUrlPattern(DEFAULT_TILE_URL);
    expect(plan.tiles.every((u) => pattern.test(u))).toBe(true);
  });
});

describe('packDays', () => {
  it('lists the days from today on with their events, soonest start first', () => {
    const days = packDays(
      [
        event('late', { startDate: '2026-11-28 00:00:00.000Z', endDate: '' }),
        event('span'),
        event('past', {
          startDate: '2026-11-01 00:00:00.000Z',
          endDate: '2026-11-02 00:00:00.000Z',
        }),
        event('undated', { startDate: '', endDate: '' }),
      ],
      '2026-11-28',
    );
    expect(days.map((d) => d.day)).toEqual(['2026-11-28', '2026-11-29']);
    expect(days[0]!.events.map((e) => e.id)).toEqual(['span', 'late']);
    expect(days[1]!.events.map((e) => e.id)).toEqual(['span']);
  });

  it('offers at most MAX_DAYS days', () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      event(`e${i}`, { startDate: `${addDays('2026-11-27', i)} 00:00:00.000Z`, endDate: '' }),
    );
    expect(packDays(many, '2026-11-27')).toHaveLength(MAX_DAYS);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('parsePackRequest', () => {
  const origin = 'https://poca.example';
  const pattern = tileUrlPattern(DEFAULT_TILE_URL);

  it('takes only this origin’s record files and the tile server’s tiles, each once', () => {
    const req = parsePackRequest(
      {
        type: 'pack-save',
        id: 'r1',
        pack: 'day-2026-11-28',
        files: [
          '/api/files/meetUps/e1/a.png?thumb=480x320f',
          '/api/files/meetUps/e1/a.png?thumb=480x320f&token=abc',
          'https://evil.example/api/files/x/y/z.png',
          '/api/collections/users/records',
          42,
        ],
        tiles: [
          'https://tile.openstreetmap.org/17/1/2.png',
          'https://tile.openstreetmap.org/17/1/2.png',
          'https://evil.example/17/1/2.png',
        ],
      },
      origin,
      pattern,
    );
    expect(req).toEqual({
      type: 'pack-save',
      id: 'r1',
      pack: 'day-2026-11-28',
      files: ['https://poca.example/api/files/meetUps/e1/a.png?thumb=480x320f'],
      tiles: ['https://tile.openstreetmap.org/17/1/2.png'],
    });
  });

  it('refuses bad pack names and other messages, and bounds the lists', () => {
    const base = { type: 'pack-save', id: 'r', files: [], tiles: [] };
    expect(parsePackRequest({ ...base, pack: '../x' }, origin, pattern)).toBeNull();
    expect(parsePackRequest({ ...base, pack: '' }, origin, pattern)).toBeNull();
    expect(
      parsePackRequest({ type: 'cache-images', id: 'r', pack: 'a' }, origin, pattern),
    ).toBeNull();
    expect(
      parsePackRequest({ type: 'pack-remove', id: 'r', pack: 'event-x' }, origin, pattern),
    ).toEqual({ type: 'pack-remove', id: 'r', pack: 'event-x' });
    const big = parsePackRequest(
      {
        ...base,
        pack: 'p',
        files: Array.from({ length: 500 }, (_, i) => `/api/files/meetUps/e/${i}.png`),
        tiles: Array.from(
          { length: 900 },
          (_, i) => `https://tile.openstreetmap.org/17/${i}/1.png`,
        ),
      },
      origin,
      pattern,
    );
    expect(big && big.type === 'pack-save' && big.files.length).toBe(MAX_PACK_FILES);
    expect(big && big.type === 'pack-save' && big.tiles.length).toBe(MAX_PACK_TILES);
    expect(packCacheName('event-x')).toBe('offline-pack:event-x');
    expect(isPackReply({ type: 'pack-removed', id: 'r', pack: 'p' })).toBe(true);
    expect(isPackReply({ type: 'cache-images-done', id: 'r' })).toBe(false);
  });
});

describe('formatBytes', () => {
  it('says sizes as the screens show them', () => {
    expect(formatBytes(2.3 * 1024 * 1024)).toBe('2.3MB');
    expect(formatBytes(850 * 1024)).toBe('850KB');
    expect(formatBytes(12.4 * 1024 * 1024)).toBe('12MB');
    expect(formatBytes(10)).toBe('1KB');
  });
});
