// Home puts the favourite group first (docs/product-rules.md, Home): its cards lead each row (at
// most half of it, the rest keep the row's sort) and its events lead the meetup strip. The bias
// may be an id (an account's) or a name (a guest's choice, RIIZE by default).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import type { Group, MeetUp, PhotoCard } from '@/data/pb/records.ts';
import { listPhotoCards } from '@/domains/catalogue/photo-cards.ts';
import { groupEventsFirst } from '@/domains/meetups/reads.ts';

let db: AppDB;

beforeEach(() => {
  db = new AppDB(`bias-first-${Math.random()}`);
});

afterEach(async () => {
  await db.delete();
});

const stamp = (day: number) => `2026-01-${String(day).padStart(2, '0')} 10:00:00.000Z`;

function group(id: string, groupName: string): Group {
  return { id, created: '', updated: '', groupName, logoImage: '', cardCount: 0 } as Group;
}

function card(id: string, day: number, groupId: string, likeCount = 0): PhotoCard {
  return {
    ...{ id, created: stamp(day), updated: stamp(day), group: groupId, cardImg: '' },
    ...{ logoImage: '', groupName: groupId, memberName: id, memberNameEn: '', title: '' },
    ...{ label: '', likeCount, exchangeList: [] },
  };
}

const ids = async (q: Parameters<typeof listPhotoCards>[0]) =>
  (await listPhotoCards(q, db)).map((c) => c.id);

describe('home rows: the favourite group first', () => {
  beforeEach(async () => {
    await db.groups.bulkPut([group('riize', 'RIIZE'), group('nj', 'NewJeans')]);
    // RIIZE's cards are the newest and the most liked: without a bias, NewJeans has no place
    await db.photoCards.bulkPut([
      card('r1', 10, 'riize', 50),
      card('r2', 9, 'riize', 40),
      card('r3', 8, 'riize', 30),
      card('r4', 7, 'riize', 20),
      card('n1', 2, 'nj', 2),
      card('n2', 1, 'nj', 1),
      card('n3', 0, 'nj', 0),
    ]);
  });

  it('without a bias the row keeps its sort', async () => {
    expect(await ids({ sort: 'latest', limit: 4 })).toEqual(['r1', 'r2', 'r3', 'r4']);
  });

  it("the account's bias (an id) leads the row, newest first, at most half of it", async () => {
    expect(await ids({ sort: 'latest', limit: 4, first: 'nj' })).toEqual(['n1', 'n2', 'r1', 'r2']);
    expect(await ids({ sort: 'latest', limit: 20, first: 'nj' })).toEqual([
      ...['n1', 'n2', 'n3'],
      ...['r1', 'r2', 'r3', 'r4'],
    ]);
  });

  it("a guest's bias (a name) works the same, in the popular row's order too", async () => {
    expect(await ids({ sort: 'likesDesc', limit: 6, first: 'NewJeans' })).toEqual([
      ...['n1', 'n2', 'n3'],
      ...['r1', 'r2', 'r3'],
    ]);
  });

  it('an unknown bias, or a read of one group, changes nothing', async () => {
    expect(await ids({ sort: 'latest', limit: 4, first: 'nobody' })).toEqual([
      ...['r1', 'r2', 'r3', 'r4'],
    ]);
    expect(await ids({ group: 'riize', sort: 'latest', first: 'nj' })).toEqual([
      ...['r1', 'r2', 'r3', 'r4'],
    ]);
  });
});

function meetUp(id: string, start: string, groupId: string): MeetUp {
  const d = `${start} 00:00:00.000Z`;
  return {
    ...{ id, created: '', updated: '', eventTitle: id, cafeName: '', address: '', date: '' },
    ...{ startDate: d, endDate: d, lat: null, lng: null, artistName: '', artistImg: '' },
    ...{ eventImg: [], source: '', basicGift: '', desertGift: '', priorityGift: '' },
    ...{ firstHashtag: '', secondHashtag: '', group: groupId, comments: [] },
  };
}

describe('the home meetup strip: the favourite group first', () => {
  const events = [
    meetUp('rSoon', '2026-12-01', 'riize'),
    meetUp('nLater', '2026-12-20', 'nj'),
    meetUp('rPast', '2026-11-01', 'riize'),
    meetUp('nSoon', '2026-12-05', 'nj'),
    meetUp('nPast', '2026-11-02', 'nj'),
  ];

  it("the group's coming events first, soonest first, then the others; ended ones never", () => {
    expect(groupEventsFirst(events, '2026-11-30', 'nj').map((m) => m.id)).toEqual([
      'nSoon',
      'nLater',
      'rSoon',
    ]);
  });

  it('the strip still shows at most ten', () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      meetUp(`r${String(i).padStart(2, '0')}`, '2026-12-01', 'riize'),
    );
    const shown = groupEventsFirst([...many, ...events], '2026-11-30', 'nj');
    expect(shown).toHaveLength(10);
    expect(shown.slice(0, 2).map((m) => m.id)).toEqual(['nSoon', 'nLater']);
  });
});
