// 만난 팬 works offline (docs/encounters.md, On the device): the cards an encounter names, each
// way, join the sync scope as loose cards, so the pull brings them to the device (with their
// names, for the tiles' captions) even when they are of no group the fan follows.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import type { Encounter } from '@/data/pb/records.ts';
import { computeScope, setDeviceBias } from '@/data/sync/scope.ts';

let db: AppDB;
const STAMP = '2026-11-20 10:00:00.000Z';
const ME = 'usermeaaaaaaaaa';

function encounter(id: string, user: string, theyHave: string[], theyWant: string[]): Encounter {
  return {
    ...{ id, user, fan: 'useryouaaaaaaaa', fanName: '하니팬', meetup: '', theyHave, theyWant },
    ...{ note: '', metAt: STAMP, created: STAMP, updated: STAMP },
  };
}

beforeEach(async () => {
  db = new AppDB(`encounter-scope-${Math.random().toString(36).slice(2)}`);
  setDeviceBias('bias');
  await db.groups.put({ id: 'bias', groupName: 'BIAS', created: STAMP, updated: STAMP } as never);
  await db.users.put({ id: ME, created: STAMP, updated: STAMP, biasGroup: 'bias' } as never);
});

afterEach(async () => {
  setDeviceBias(null);
  await db.delete();
});

describe('the sync scope and 만난 팬', () => {
  it("takes the cards of my encounters each way as loose cards, not another fan's", async () => {
    await db.encounters.bulkPut([
      encounter('enc1aaaaaaaaaaa', ME, ['cardhave1aaaaaa'], ['cardwant1aaaaaa']),
      encounter('enc2aaaaaaaaaaa', ME, ['cardhave2aaaaaa'], []),
      encounter('enc3aaaaaaaaaaa', 'usersomeoneelse', ['cardnotmineaaaa'], []),
    ]);
    const scope = await computeScope(db, ME);
    expect(scope.groups).toEqual(['bias']);
    expect(scope.buckets.flat().sort()).toEqual([
      'cardhave1aaaaaa',
      'cardhave2aaaaaa',
      'cardwant1aaaaaa',
    ]);
  });

  it('a card of a followed group needs no bucket of its own', async () => {
    await db.photoCards.put({ id: 'cardbiasaaaaaaa', group: 'bias', created: STAMP } as never);
    await db.encounters.put(encounter('enc1aaaaaaaaaaa', ME, ['cardbiasaaaaaaa'], []));
    expect((await computeScope(db, ME)).buckets).toEqual([]);
  });
});
