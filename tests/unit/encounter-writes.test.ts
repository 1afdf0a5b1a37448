// @vitest-environment node
/**
 * 만난 팬 writes (domains/encounters/writes.ts, docs/encounters.md): each write's checks with their
 * Korean messages (the server's words), the optimistic effect on the local store, the rows queued
 * (kinds, record keys, requests), the list newest first, and a queued note surviving a server copy
 * that lands before it is sent.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDB } from '@/data/db/index.ts';
import { KINDS } from '@/domains/encounters/names.ts';
import { readMutation } from '@/data/outbox/index.ts';
import type { MeetUp, PhotoCard } from '@/data/pb/records.ts';
import { listEncounters } from '@/domains/encounters/queries.ts';
import { applyServerRecords } from '@/data/sync/apply.ts';
import {
  deleteEncounter,
  ENCOUNTERS_MAX,
  saveEncounter,
  setEncounterNote,
} from '@/domains/encounters/writes.ts';
import { fakeToken } from '../helpers/fake-pocketbase.ts';

const ME = 'useraaaaaaaaaaa';
const FAN = 'fanbbbbbbbbbbbb';
const C1 = 'c1aaaaaaaaaaaaa';
const C2 = 'c2aaaaaaaaaaaaa';
const M1 = 'm1aaaaaaaaaaaaa';
const stamp = '2026-03-01 10:00:00.000Z';
let db: AppDB;

function card(id: string): PhotoCard {
  return {
    id,
    group: 'g1',
    groupName: 'RIIZE',
    cardImg: '',
    logoImage: '',
    memberName: '원빈',
    memberNameEn: '',
    title: id,
    label: '',
    likeCount: 0,
    exchangeList: [],
    created: stamp,
    updated: stamp,
  };
}

const meetUp = { id: M1, eventTitle: '생일 카페', created: stamp, updated: stamp } as MeetUp;
const rows = () => db.outbox.orderBy('seq').toArray();
const login = () => db.auth.put({ key: 'session', token: fakeToken(ME, 1), record: { id: ME } });
const input = (extra: Partial<Parameters<typeof saveEncounter>[0]> = {}) => ({
  fan: FAN,
  fanName: '하니팬',
  theyHave: [C1],
  theyWant: [C2],
  ...extra,
});

beforeEach(async () => {
  db = new AppDB(`encounters-${Math.random().toString(36).slice(2)}`);
  await db.photoCards.bulkPut([card(C1), card(C2)]);
  await db.meetUps.put(meetUp);
  await login();
});

afterEach(async () => {
  await db.delete();
});

describe('saveEncounter', () => {
  it('refuses what the server refuses, with its Korean message, and queues nothing', async () => {
    const cases: Array<[Parameters<typeof saveEncounter>[0], string]> = [
      [input({ fan: ME }), '나 자신은 만난 팬으로 저장할 수 없어요.'],
      [input({ fanName: ' \u200b ' }), '팬 이름을 1~40자로 입력해주세요.'],
      [input({ fanName: '가'.repeat(41) }), '팬 이름을 1~40자로 입력해주세요.'],
      [input({ note: '가'.repeat(201) }), '메모는 200자까지 쓸 수 있어요.'],
      [input({ note: '이 시발 교환' }), '비속어가 포함된 글은 작성할 수 없습니다.'],
      [input({ meetup: 'nosuchmeetupaaa' }), '선택한 이벤트를 찾을 수 없어요.'],
      [input({ theyHave: ['nosuchcardaaaaa'] }), '카탈로그에 없는 포토카드가 포함되어 있어요.'],
      [
        input({ theyWant: Array.from({ length: 201 }, (_, i) => `c${i}`) }),
        '카드 목록은 각각 200장까지 저장할 수 있어요.',
      ],
    ];
    for (const [bad, message] of cases) {
      await expect(saveEncounter(bad, db)).rejects.toThrow(message);
    }
    await db.auth.clear();
    await expect(saveEncounter(input(), db)).rejects.toThrow('login required');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.encounters.count()).toBe(0);
  });

  it('shows the encounter at once and queues one create with the cards, the event and the note', async () => {
    const id = await saveEncounter(
      input({ fanName: ' 하니팬 ', meetup: M1, theyHave: [C1, C1], note: ' 다음에 교환 ' }),
      db,
    );
    const [shown] = await listEncounters(ME, db);
    expect(shown).toMatchObject({
      id,
      user: ME,
      fan: FAN,
      fanName: '하니팬',
      meetup: M1,
      theyHave: [C1],
      theyWant: [C2],
      note: '다음에 교환',
    });
    const [row, ...more] = await rows();
    expect(more).toEqual([]);
    expect(row).toMatchObject({ kind: KINDS.encounterCreate, recordKey: `encounters/${id}` });
    const m = readMutation(row!.kind, row!.payload);
    if ('error' in m) throw new Error(m.error);
    expect(m.kind.request(m.payload)).toMatchObject({
      method: 'POST',
      collection: 'encounters',
      body: { id, user: ME, fan: FAN, meetup: M1, theyHave: [C1], theyWant: [C2] },
    });
    expect(m.kind.ownerField).toBe('user');
  });

  it('lists newest first, and only my own', async () => {
    await db.encounters.bulkPut([
      { ...base('e1'), metAt: '2026-03-01 10:00:00.000Z' },
      { ...base('e2'), metAt: '2026-03-03 10:00:00.000Z' },
      { ...base('e3'), user: FAN, fan: ME, metAt: '2026-03-04 10:00:00.000Z' },
    ]);
    const id = await saveEncounter(input(), db);
    expect((await listEncounters(ME, db)).map((e) => e.id)).toEqual([id, 'e2', 'e1']);
  });

  it(`stops at ${ENCOUNTERS_MAX.toLocaleString('en-US')} encounters`, async () => {
    await db.encounters.bulkPut(
      Array.from({ length: ENCOUNTERS_MAX }, (_, i) => base(`e${String(i).padStart(14, '0')}`)),
    );
    await expect(saveEncounter(input(), db)).rejects.toThrow('2,000명까지');
    expect(await db.outbox.count()).toBe(0);
  });
});

function base(id: string) {
  return {
    id,
    user: ME,
    fan: FAN,
    fanName: '팬',
    meetup: '',
    theyHave: [],
    theyWant: [],
    note: '',
    metAt: stamp,
    created: stamp,
    updated: stamp,
  };
}

describe('setEncounterNote and deleteEncounter', () => {
  it('changes the note (checked, trimmed), a same note is a no-op, and another fan’s is not found', async () => {
    const id = await saveEncounter(input(), db);
    await expect(setEncounterNote(id, 'fuck', db)).rejects.toThrow('비속어');
    expect(await setEncounterNote(id, '  교환 약속  ', db)).toBe(true);
    expect(await setEncounterNote(id, '교환 약속', db)).toBe(false);
    expect((await db.encounters.get(id))?.note).toBe('교환 약속');
    await db.encounters.put({ ...base('theirsaaaaaaaaa'), user: FAN });
    await expect(setEncounterNote('theirsaaaaaaaaa', 'x', db)).rejects.toThrow(
      '만난 팬 기록을 찾을 수 없어요.',
    );
    const queued = await rows();
    expect(queued.map((r) => r.kind)).toEqual([KINDS.encounterCreate, KINDS.encounterNote]);
    expect(queued[1]!.payload).toEqual({ id, note: '교환 약속' });
  });

  it('a queued note survives a server copy that lands before it is sent', async () => {
    const id = await saveEncounter(input(), db);
    await setEncounterNote(id, '새 메모', db);
    // the create landed (answered by the server's copy, without the note yet)
    await applyServerRecords(db, 'encounters', [
      { ...base(id), fanName: '하니팬', theyHave: [C1], theyWant: [C2], updated: stamp },
    ]);
    expect((await db.encounters.get(id))?.note).toBe('새 메모');
  });

  it('deletes at once and queues one delete; a second delete is a no-op', async () => {
    const id = await saveEncounter(input(), db);
    expect(await deleteEncounter(id, db)).toBe(true);
    expect(await deleteEncounter(id, db)).toBe(false);
    expect(await listEncounters(ME, db)).toEqual([]);
    const queued = await rows();
    expect(queued.map((r) => r.kind)).toEqual([KINDS.encounterCreate, KINDS.encounterDelete]);
    const m = readMutation(queued[1]!.kind, queued[1]!.payload);
    if ('error' in m) throw new Error(m.error);
    expect(m.kind.request(m.payload)).toEqual({ method: 'DELETE', collection: 'encounters', id });
  });
});
