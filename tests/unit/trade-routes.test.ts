// @vitest-environment node
/**
 * The trade routes' client (domains/trades/routes.ts; docs/trades.md, Routes): the match answer is
 * read defensively and kept per fan and card for offline use, and the kept answer stays when the
 * server cannot be asked; a card's traders and a fan's trust are read the same way.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type PocketBase from 'pocketbase';
import { AppDB } from '@/data/db/index.ts';
import { claimPrivateTables } from '@/data/session/session.ts';
import { getCachedMatches } from '@/domains/trades/queries.ts';
import {
  cardTradersPath,
  fanTrustPath,
  fetchCardTraders,
  fetchFanTrust,
  MATCHES_PATH,
  refreshMatches,
} from '@/domains/trades/routes.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const ME = 'usermeaaaaaaaaa';
let db: AppDB;
let asked: { path: string; query?: Record<string, unknown> }[];
let answer: unknown;

const pb = {
  send: async (path: string, opts: { query?: Record<string, unknown> }) => {
    asked.push({ path, query: opts.query });
    if (answer instanceof Error) throw answer;
    return answer;
  },
} as unknown as PocketBase;

beforeEach(async () => {
  db = new AppDB(`routes-${Math.random().toString(36).slice(2)}`);
  asked = [];
  answer = null;
  await db.auth.put({ key: 'session', token: fakeToken(ME, 1), record: { id: ME } });
  await claimPrivateTables(db, ME);
});

afterEach(async () => {
  await db.delete();
});

describe('matches', () => {
  it('reads the answer, keeps it per card filter, and keeps it when asking fails', async () => {
    answer = {
      items: [
        {
          user: 'fan1aaaaaaaaaaa',
          twoWay: true,
          theyHave: ['c1'],
          theyWant: ['c2'],
          theyHaveCount: 3,
          theyWantCount: 1,
          latest: '2026-03-01 10:00:00.000Z',
        },
        { user: 'fan2aaaaaaaaaaa', theyHave: ['c1'] },
        { theyHave: ['no fan'] },
        'junk',
      ],
    };
    const row = await refreshMatches('', { db, pb });
    expect(asked).toEqual([{ path: MATCHES_PATH, query: undefined }]);
    expect(row?.fans).toEqual([
      {
        fan: 'fan1aaaaaaaaaaa',
        theyHave: ['c1'],
        theyWant: ['c2'],
        theyHaveCount: 3,
        theyWantCount: 1,
        twoWay: true,
        latest: '2026-03-01 10:00:00.000Z',
      },
      {
        fan: 'fan2aaaaaaaaaaa',
        theyHave: ['c1'],
        theyWant: [],
        theyHaveCount: 1,
        theyWantCount: 0,
        twoWay: false,
        latest: '',
      },
    ]);
    expect(await getCachedMatches(ME, '', db)).toMatchObject({ userId: ME, card: '' });

    answer = { items: [] };
    await refreshMatches('c1', { db, pb });
    expect(asked[1]).toEqual({ path: MATCHES_PATH, query: { card: 'c1' } });
    expect((await getCachedMatches(ME, 'c1', db))?.fans).toEqual([]);
    expect((await getCachedMatches(ME, '', db))?.fans).toHaveLength(2);

    answer = new Error('offline');
    await expect(refreshMatches('', { db, pb })).rejects.toThrow('offline');
    expect((await getCachedMatches(ME, '', db))?.fans).toHaveLength(2);
  });

  it('asks nothing logged out, and the kept answers go with the account', async () => {
    answer = { items: [] };
    await refreshMatches('', { db, pb });
    await claimPrivateTables(db, 'someoneelseaaaa');
    expect(await db.matches.count()).toBe(0);
    await db.auth.clear();
    expect(await refreshMatches('', { db, pb })).toBeNull();
    expect(asked).toHaveLength(1);
  });
});

describe("a card's traders and a fan's trust", () => {
  it('are read with defaults for what is missing', async () => {
    answer = { card: 'c1', have: 4, want: 2 };
    expect(await fetchCardTraders('c1', { db, pb })).toEqual({ have: 4, want: 2 });
    answer = {};
    expect(await fetchCardTraders('c1', { db, pb })).toEqual({ have: 0, want: 0 });
    expect(asked[0]!.path).toBe(cardTradersPath('c1'));

    answer = {
      user: 'fan1',
      tradesCompleted: 7,
      reviews: [
        { id: 'r1', author: 'a', rating: 'good', text: '친절해요', created: 'x' },
        { id: 'r2', rating: 'meh' },
      ],
      have: ['c1'],
    };
    // an older server's answer: no tags, no counts
    expect(await fetchFanTrust('fan1', { db, pb })).toEqual({
      tradesCompleted: 7,
      reviews: [
        { id: 'r1', author: 'a', rating: 'good', text: '친절해요', created: 'x', tags: [] },
      ],
      tagCounts: {},
      have: ['c1'],
      want: [],
    });
    expect(asked.at(-1)!.path).toBe(fanTrustPath('fan1'));
    answer = {
      tradesCompleted: 2,
      reviews: [{ id: 'r1', rating: 'good', tags: ['packing'] }],
      tagCounts: { packing: 2, fast: 1 },
      ratingCounts: { good: 2 },
    };
    expect(await fetchFanTrust('fan1', { db, pb })).toMatchObject({
      reviews: [{ id: 'r1', tags: ['packing'] }],
      tagCounts: { packing: 2, fast: 1 },
      ratingCounts: { good: 2, bad: 0 },
    });
  });
});
